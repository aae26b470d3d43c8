/**
 * Where each storage key lives in the bucket. Public files are laid out as Jiffy's `/media` URLs
 * (`<gif id>/<rendition>.<ext>`, `avatars/<user>/<key>.gif`, `avatars/<user>/<key>/80h.gif`), so
 * MEDIA_BASE_URL can be the bucket's own public URL (or a CDN in front of it) with no rewriting.
 * Everything else (upload sources, the takedown quarantine, avatar sources) lives under
 * `private/`, which the bucket's policy must keep unreadable. The mapping is one-to-one: every
 * key has one object name and `keyOfObjectName` gives it back.
 */
import { renditionFormats } from '@jiffy/contracts';

// Every format a rendition can have (Tenor's WebM too) is public, so each media URL has an object.
const RENDITION_FILE = `[a-z0-9_]{1,40}\\.(?:${renditionFormats.join('|')})`;
const RENDITION_KEY = new RegExp(`^gifs/([A-Za-z0-9]{1,64})/(${RENDITION_FILE})$`);
const RENDITION_NAME = new RegExp(`^([A-Za-z0-9]{1,64})/(${RENDITION_FILE})$`);
const AVATAR_ORIGINAL_KEY = /^avatars\/(.+)\/original\.gif$/;
const AVATAR_VARIANT = /^avatars\/.+\/(?:80h|200h|200w)\.gif$/;
/** First path parts that are not GIF ids in the bucket (a GIF with such an id stays private). */
const NAMESPACES = new Set(['avatars', 'private']);
const PRIVATE = 'private/';

/** The object name (below S3_PREFIX) of a storage key. */
export function objectNameOf(key: string): string {
  const name = publicNameOf(key);
  // Only names that lead back to the key are public (e.g. not a GIF whose id is `avatars`).
  return name !== null && publicKeyOf(name) === key ? name : `${PRIVATE}${key}`;
}

/** The storage key of an object name, or null for an object that is not Jiffy's. */
export function keyOfObjectName(name: string): string | null {
  if (!name.startsWith(PRIVATE)) return publicKeyOf(name);
  const key = name.slice(PRIVATE.length);
  // Only what objectNameOf puts there (never a second copy of a public file).
  return objectNameOf(key) === name ? key : null;
}

function publicNameOf(key: string): string | null {
  const rendition = RENDITION_KEY.exec(key);
  if (rendition) return `${rendition[1]}/${rendition[2]}`;
  const original = AVATAR_ORIGINAL_KEY.exec(key);
  if (original) return `avatars/${original[1]}.gif`;
  return AVATAR_VARIANT.test(key) ? key : null;
}

function publicKeyOf(name: string): string | null {
  if (name.startsWith('avatars/')) {
    if (AVATAR_VARIANT.test(name)) return name;
    return name.endsWith('.gif') ? `${name.slice(0, -'.gif'.length)}/original.gif` : null;
  }
  const rendition = RENDITION_NAME.exec(name);
  if (!rendition || NAMESPACES.has(rendition[1]!)) return null;
  return `gifs/${rendition[1]}/${rendition[2]}`;
}

/**
 * String prefixes of the object names that can hold keys under `prefix` + '/' (a listing filters
 * what they return through `keyOfObjectName`): the private place, and the public one.
 */
export function objectPrefixesOf(prefix: string): string[] {
  const prefixes = [`${PRIVATE}${prefix}/`];
  const parts = prefix.split('/');
  if (prefix === 'gifs') prefixes.push('');
  else if (parts.length === 2 && parts[0] === 'gifs') prefixes.push(`${parts[1]}/`);
  // `avatars/u/k` covers both `avatars/u/k.gif` and `avatars/u/k/80h.gif`.
  else if (parts[0] === 'avatars') prefixes.push(prefix);
  return prefixes;
}

/** Whether the object is meant to be read by anyone (served as media). */
export function isPublicObject(name: string): boolean {
  return !name.startsWith(PRIVATE);
}
