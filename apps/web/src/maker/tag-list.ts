/** The upload's own limits (upload-fields.ts says the same): 30 tags, 64 characters each. */
export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 64;

/**
 * The tags after adding what was typed: commas separate several, case-insensitive repeats and
 * blanks are dropped, each is cut to MAX_TAG_LENGTH, and the list stops at MAX_TAGS.
 */
export function addTags(tags: string[], typed: string): string[] {
  const next = [...tags];
  const seen = new Set(tags.map((tag) => tag.toLowerCase()));
  for (const raw of typed.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ').slice(0, MAX_TAG_LENGTH);
    if (!tag || seen.has(tag.toLowerCase()) || next.length >= MAX_TAGS) continue;
    seen.add(tag.toLowerCase());
    next.push(tag);
  }
  return next;
}
