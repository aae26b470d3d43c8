import { createHash } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import {
  Accept,
  Create,
  Delete,
  Document,
  Follow,
  Hashtag,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Update,
  type Activity,
} from '@fedify/fedify/vocab';
import type { Gif } from '@jiffy/contracts';
import { escapeHtml } from '../../platform/lib/html.ts';

/** What a Note shows of a GIF: its files, words and page, nothing that changes by itself. */
export interface NoteGif {
  title: string;
  altText: string;
  tags: string[];
  rating: string;
  pageUrl: string;
  files: { mediaType: string; url: string; width: number; height: number }[];
}

/** A GIF object's parts a Note shows: the MP4 and the GIF of its original size. */
export function noteGifOf(gif: Gif): NoteGif {
  const original = gif.images.original ?? { width: '0', height: '0' };
  const width = Number(original.width);
  const height = Number(original.height);
  const files: NoteGif['files'] = [];
  const mp4 = original.mp4 ?? gif.images.original_mp4?.mp4;
  if (mp4) files.push({ mediaType: 'video/mp4', url: mp4, width, height });
  if (original.url && /\.gif(\?|$)/.test(original.url))
    files.push({ mediaType: 'image/gif', url: original.url, width, height });
  return {
    title: gif.title,
    altText: gif.alt_text || gif.title,
    tags: gif.tags,
    rating: gif.rating,
    pageUrl: gif.url,
    files,
  };
}

/**
 * What decides whether followers need an Update: a hash of everything the Note shows. A GIF's
 * counters and caches change its row all day; only a change its Note would show is sent.
 */
export function contentHashOf(gif: NoteGif): string {
  return createHash('sha256').update(JSON.stringify(gif)).digest('base64url');
}

/** The Note announcing a GIF: its title and a link back, the MP4 and GIF attached. */
export function noteOf(
  ctx: Context<unknown>,
  identifier: string,
  postId: number,
  gif: NoteGif,
): Note {
  const tagLinks = gif.tags
    .slice(0, 10)
    .map((tag) => `#${tag.replace(/[^\p{L}\p{N}_]/gu, '')}`)
    .filter((tag) => tag.length > 1);
  return new Note({
    id: ctx.getObjectUri(Note, { id: String(postId) }),
    attribution: ctx.getActorUri(identifier),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(identifier),
    content:
      `<p>${escapeHtml(gif.title)}</p>` +
      `<p><a href="${escapeHtml(gif.pageUrl)}">${escapeHtml(gif.pageUrl)}</a></p>`,
    url: new URL(gif.pageUrl),
    sensitive: gif.rating === 'r',
    summary: gif.rating === 'r' ? 'Rated R' : null,
    tags: tagLinks.map(
      (name) =>
        new Hashtag({
          name,
          href: new URL(
            `${new URL(gif.pageUrl).origin}/search/${encodeURIComponent(name.slice(1))}`,
          ),
        }),
    ),
    attachments: gif.files.map(
      (file) =>
        new Document({
          mediaType: file.mediaType,
          url: new URL(file.url),
          width: file.width,
          height: file.height,
          name: gif.altText,
        }),
    ),
  });
}

/** Everyone (public) and the actor's followers, as its posts and their Create are addressed. */
function addressed(ctx: Context<unknown>, identifier: string) {
  return { to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(identifier) };
}

export function createOf(ctx: Context<unknown>, identifier: string, note: Note): Create {
  return new Create({
    id: new URL(`${note.id!.href}#create`),
    actor: ctx.getActorUri(identifier),
    object: note,
    ...addressed(ctx, identifier),
  });
}

/** An Update's id names the content it carries, so each edit is one activity per inbox. */
export function updateOf(
  ctx: Context<unknown>,
  identifier: string,
  note: Note,
  contentHash: string,
): Update {
  return new Update({
    id: new URL(`${note.id!.href}#update-${contentHash.slice(0, 16)}`),
    actor: ctx.getActorUri(identifier),
    object: note,
    ...addressed(ctx, identifier),
  });
}

export function deleteOf(ctx: Context<unknown>, identifier: string, postId: number): Delete {
  const noteId = ctx.getObjectUri(Note, { id: String(postId) });
  return new Delete({
    id: new URL(`${noteId.href}#delete`),
    actor: ctx.getActorUri(identifier),
    object: new Tombstone({ id: noteId }),
    ...addressed(ctx, identifier),
  });
}

/**
 * Accepts a remote actor's Follow, naming it by its id as the remote sent it. The Accept's id
 * comes from the Follow's, so a second Follow (after an Undo) gets an Accept of its own.
 */
export function acceptOf(
  ctx: Context<unknown>,
  identifier: string,
  follow: { id: string; remoteActor: string },
): Accept {
  const actor = ctx.getActorUri(identifier);
  return new Accept({
    id: new URL(
      `${actor.href}#accepts/${createHash('sha256').update(follow.id).digest('base64url').slice(0, 22)}`,
    ),
    actor,
    object: new Follow({
      id: new URL(follow.id),
      actor: new URL(follow.remoteActor),
      object: actor,
    }),
    to: new URL(follow.remoteActor),
  });
}

/** The activity as the JSON an inbox receives. */
export async function activityJson(ctx: Context<unknown>, activity: Activity): Promise<string> {
  return JSON.stringify(
    await activity.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader }),
  );
}
