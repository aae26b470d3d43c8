import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 string; rejection sampling keeps every character equally likely. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** A GIF id like GIPHY's: short, random, URL-safe (62^18 ≈ 10^32 possibilities). */
export const newGifId = (): string => randomBase62(18);

/**
 * What a GIF or user id from outside must look like before it is looked up: Jiffy's own and
 * GIPHY's imported ones alike (base62, at most 64 characters).
 */
export const ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** A user id (same shape as GIF ids, shorter). */
export const newUserId = (): string => randomBase62(12);

/** An API key: 32 base62 characters (~190 bits). */
export const newApiKey = (): string => randomBase62(32);

/**
 * The response id GIPHY's SDKs expect in `meta.response_id`: 24 hex digits (96 random bits).
 * randomUUID draws from a pooled entropy buffer, so this costs little on every request.
 */
export const newResponseId = (): string => randomUUID().replaceAll('-', '').slice(0, 24);

/** Lowercase, dash-separated words of a title, for URLs ("Happy Dance!" → "happy-dance"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** GIPHY's slug: the title's words then the id ("happy-dance-3o7TKSjRrfIPjeiVyM"). */
export function gifSlug(title: string, id: string): string {
  const words = slugify(title);
  return words ? `${words}-${id}` : id;
}
