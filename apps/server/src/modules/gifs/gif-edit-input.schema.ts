import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';
import { uploadFieldsSchema } from './upload-input.schema.ts';

const upload = uploadFieldsSchema.shape;

/** Tags as the upload sends them (comma-separated) or as a JSON list of tags. */
const tagsValue = z
  .union([
    z.string(),
    z
      .array(z.string().max(200))
      .max(100)
      .transform((tags) => tags.join(',')),
  ])
  .pipe(upload.tags.unwrap());

/** A JSON boolean, or the upload form's 'true' / 'false' / '1' / '0'. */
const booleanValue = z.union([z.boolean(), upload.is_sticker.unwrap()]);

/**
 * What `POST /ajax/gif/update` may change, each with the upload field's own rules (a title or
 * tag the upload refuses, an edit refuses too). An empty source_post_url clears it.
 */
export const editableFields = {
  title: upload.title.unwrap(),
  tags: tagsValue,
  alt_text: upload.alt_text.unwrap(),
  source_post_url: z.union([z.literal('').transform(() => null), upload.source_post_url.unwrap()]),
  rating: upload.rating.unwrap(),
  is_sticker: booleanValue,
  lang: upload.lang.unwrap(),
  /** 'unlisted': reachable by id, page and embed, absent from every list and search. */
  visibility: z.enum(['public', 'unlisted']),
} as const;

export type EditKey = keyof typeof editableFields;
export const editKeys = Object.keys(editableFields) as EditKey[];

/** One field's new value, as the service applies it. */
export type GifEdit = {
  [K in EditKey]: { key: K; value: z.infer<(typeof editableFields)[K]> };
}[EditKey];

/** The request's shape; the key and value are checked by `editableFields` next. */
export const gifUpdateBody = z.strictObject({
  gif_id: gifId,
  key: z.string().max(64),
  value: z.unknown(),
});

/** At most this many ids in one `gif_ids` list. */
export const MAX_GIF_IDS = 50;

/** `?gif_ids=a,b,c`: distinct GIF ids, at most MAX_GIF_IDS. */
export const gifIdsQuery = z.object({
  gif_ids: z
    .string()
    .max(MAX_GIF_IDS * 70)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(gifId)
        .min(1, 'at least one GIF id')
        .max(MAX_GIF_IDS, `at most ${MAX_GIF_IDS} GIF ids`),
    ),
});

/** `GET /api/v1/users/me/gifs`: `cursor` is the `next_cursor` of the page before. */
export const ownGifsQuery = z.looseObject({
  cursor: wholeNumber(0, 100_000).default(0),
  limit: wholeNumber(1, 100).default(50),
});
