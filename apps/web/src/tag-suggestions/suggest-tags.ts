import { siteJson } from '../api/site-fetch.ts';

export interface SuggestedTag {
  tag: string;
  /** 0 to 1. */
  confidence: number;
}

/**
 * `POST /ajax/tags/prediction/`: tags for a few frames, from the library's look-alikes, most
 * confident first. Used by the uploader's suggestions and the GIF maker.
 */
export async function suggestTags(frames: string[]): Promise<SuggestedTag[]> {
  if (frames.length === 0) return [];
  const answer = await siteJson<{ tags: SuggestedTag[] }>('/ajax/tags/prediction/', {
    method: 'POST',
    json: { frames: frames.slice(0, 5) },
  });
  return [...answer.tags].sort((a, b) => b.confidence - a.confidence);
}
