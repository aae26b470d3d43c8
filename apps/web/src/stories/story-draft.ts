import type { Story, StoryBody } from './story-api.ts';

/** A GIF in the editor: what is saved (id, caption, link) and what shows it (title, preview). */
export interface DraftItem {
  /** Tells two places of the same GIF apart while they are dragged around. */
  key: string;
  gif_id: string;
  title: string;
  preview: string | null;
  caption: string;
  link: string;
}

/** The editor's whole state, as kept in localStorage until it is saved. */
export interface Draft {
  story_id: string | null;
  /** The saved story's address (for its link), null until it is saved. */
  slug: string | null;
  title: string;
  description: string;
  /** As typed: tags separated by commas. */
  tags: string;
  cover_gif_id: string | null;
  items: DraftItem[];
  /** Whether the saved story is published, and its time (sent back unchanged on a re-save). */
  is_published: boolean;
  publish_datetime: string | null;
  /** A `datetime-local` value: when to publish, empty for now. */
  publish_at: string;
}

export const emptyDraft = (): Draft => ({
  story_id: null,
  slug: null,
  title: '',
  description: '',
  tags: '',
  cover_gif_id: null,
  items: [],
  is_published: false,
  publish_datetime: null,
  publish_at: '',
});

let counter = 0;
export const itemKey = (gifId: string) => `${gifId}-${Date.now().toString(36)}-${counter++}`;

/** The draft of a saved story, as the server answered it. */
export function draftOf(story: Story): Draft {
  return {
    story_id: story.story_id,
    slug: story.slug,
    title: story.title,
    description: story.description,
    tags: story.tags.join(', '),
    cover_gif_id: story.cover_gif?.id ?? null,
    items: (story.gifs ?? []).map((item) => ({
      key: itemKey(item.gif.id),
      gif_id: item.gif.id,
      title: item.gif.title,
      preview:
        item.gif.images.fixed_width_small?.url ??
        item.gif.images.fixed_width?.url ??
        item.gif.images.original?.url ??
        null,
      caption: item.caption,
      link: item.link ?? '',
    })),
    is_published: story.is_published,
    publish_datetime: story.publish_datetime,
    publish_at: '',
  };
}

/** `items` with the one at `from` moved to `to` (both kept in range). */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/**
 * What a save sends. `publish` true publishes: at the chosen time, else now; a story already
 * published keeps its own time (the server accepts it back unchanged). False saves a draft
 * (and unpublishes a published story).
 */
export function bodyOf(draft: Draft, publish: boolean): StoryBody {
  const chosen = draft.publish_at ? new Date(draft.publish_at).toISOString() : null;
  const onTheItems = draft.items.some((item) => item.gif_id === draft.cover_gif_id);
  return {
    title: draft.title,
    description: draft.description,
    cover_gif_id: onTheItems ? draft.cover_gif_id : null,
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    items: draft.items.map((item) => ({
      gif_id: item.gif_id,
      caption: item.caption,
      link: item.link.trim() || null,
    })),
    is_published: publish,
    publish_datetime: publish
      ? (chosen ?? (draft.is_published ? draft.publish_datetime : null))
      : null,
  };
}

const storageKey = (storyId: string | null) => `jiffy:story-draft:${storyId ?? 'new'}`;

/** Unsaved changes of a story (or of the new one), if any were left. */
export function loadDraft(storyId: string | null): Draft | null {
  try {
    const raw = localStorage.getItem(storageKey(storyId));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null; // Storage off, or an old shape: start from the saved story.
  }
}

export function keepDraft(draft: Draft): void {
  try {
    localStorage.setItem(storageKey(draft.story_id), JSON.stringify(draft));
  } catch {
    // Storage full or off: the editor still works, only a reload loses the changes.
  }
}

export function forgetDraft(storyId: string | null): void {
  try {
    localStorage.removeItem(storageKey(storyId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
