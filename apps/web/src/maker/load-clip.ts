import { SiteApiError, siteFetch } from '../api/site-fetch.ts';

/** The longest clip `/imaging/trim` answers: the maker works on up to this much at once. */
export const CLIP_SECONDS = 15;

/** The maker's working clip: an MP4 of the source's span, whatever the source was. */
export interface Clip {
  /** The MP4; each player makes (and frees) its own object URL for it. */
  blob: Blob;
  /** Where in the source the clip starts (seconds). */
  sourceStart: number;
  label: string;
}

/**
 * Sends the source (a file, or a media URL the server fetches with the URL import's guards)
 * to `POST /imaging/trim` and gets back up to CLIP_SECONDS of it as MP4: one format the page's
 * `<video>` plays and seeks frame by frame, whether the source was a GIF, a WebP or a video.
 */
export async function loadClip(source: File | string, start: number): Promise<Clip> {
  const form = new FormData();
  form.append('start', String(start));
  form.append('duration', String(CLIP_SECONDS));
  form.append('format', 'mp4');
  if (typeof source === 'string') form.append('media_url', source);
  else form.append('file', source, source.name);
  const response = await siteFetch('/imaging/trim', { method: 'POST', form });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as {
      error?: { message?: string; code?: string };
    };
    throw new SiteApiError(
      response.status,
      body.error?.message ?? `The server answered ${response.status}.`,
      body.error?.code,
    );
  }
  return {
    blob: await response.blob(),
    sourceStart: Number(response.headers.get('x-trim-start') ?? start),
    label: typeof source === 'string' ? source : source.name,
  };
}
