import type { Rating } from '@jiffy/contracts';

/** What the upload form asks once for the whole batch. */
export interface UploadFields {
  title: string;
  tags: string;
  /** What the GIFs show, for people who cannot see them (GIPHY's `alt_text`). */
  alt_text: string;
  source_post_url: string;
  rating: Rating;
  is_sticker: boolean;
}

export const emptyUploadFields: UploadFields = {
  title: '',
  tags: '',
  alt_text: '',
  source_post_url: '',
  rating: 'g',
  is_sticker: false,
};

/** The longest alt text the server keeps (as GIPHY's). */
export const MAX_ALT_TEXT = 500;

/** The server's own rules, checked before anything is sent (it checks again). */
export function uploadFieldErrors(fields: UploadFields) {
  const errors: Partial<Record<keyof UploadFields, string>> = {};
  if (fields.title.trim().length > 140) errors.title = 'At most 140 characters.';
  const tags = fields.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > 30) errors.tags = 'At most 30 tags.';
  else if (tags.some((t) => t.length > 64)) errors.tags = 'Each tag is at most 64 characters.';
  if (fields.alt_text.trim().length > MAX_ALT_TEXT)
    errors.alt_text = `At most ${MAX_ALT_TEXT} characters.`;
  const source = fields.source_post_url.trim();
  if (source && !isHttpUrl(source))
    errors.source_post_url = 'A link starting with http:// or https://.';
  return errors;
}

export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

/** The fields as the upload API takes them: empty ones left out. */
export function uploadFormValues(fields: UploadFields): Record<string, string> {
  const values: Record<string, string> = { rating: fields.rating };
  if (fields.title.trim()) values.title = fields.title.trim();
  if (fields.tags.trim()) values.tags = fields.tags;
  if (fields.alt_text.trim()) values.alt_text = fields.alt_text.trim();
  if (fields.source_post_url.trim()) values.source_post_url = fields.source_post_url.trim();
  if (fields.is_sticker) values.is_sticker = 'true';
  return values;
}
