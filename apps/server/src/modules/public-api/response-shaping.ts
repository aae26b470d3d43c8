import type { FastifyInstance } from 'fastify';

/**
 * GIPHY's renditions-on-demand bundles: the `images` keys each keeps. GIPHY documents the
 * bundles by use case; clips_grid_picker's (fixed_width, original and the clip's video assets)
 * is as documented, the others are Jiffy's reading of their use. Only clips_grid_picker keeps
 * a clip's `video` block. Unknown bundles keep everything.
 */
export const renditionBundles: Record<string, readonly string[]> = {
  messaging_non_clips: [
    'original',
    'original_still',
    'fixed_width',
    'fixed_width_still',
    'fixed_width_small',
    'fixed_height',
    'fixed_height_still',
    'fixed_height_small',
    'preview_gif',
    'downsized',
  ],
  clips_grid_picker: ['original', 'fixed_width'],
  sticker_layering: [
    'original',
    'fixed_width',
    'fixed_width_small',
    'fixed_height_small',
    'preview_webp',
  ],
  low_bandwidth: [
    'fixed_width_small',
    'fixed_width_small_still',
    'fixed_height_small',
    'downsized_small',
    'preview_gif',
  ],
};

type Json = Record<string, unknown>;

/** Keeps only `fields` (top-level names, and `images.<rendition>` inside images). */
export function pickFields(gif: Json, fields: string[]): Json {
  const out: Json = {};
  const renditions = fields
    .filter((f) => f.startsWith('images.'))
    .map((f) => f.slice('images.'.length));
  for (const field of fields) {
    if (!field.includes('.') && field in gif) out[field] = gif[field];
  }
  if (renditions.length > 0 && !fields.includes('images') && isObject(gif.images)) {
    out.images = pickKeys(gif.images, renditions);
  }
  return out;
}

function pickKeys(object: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => keys.includes(key)));
}

const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const isGif = (value: unknown): value is Json =>
  isObject(value) && typeof value.id === 'string' && isObject(value.images);

/** Applies `bundle` then `fields` to one GIF object. */
function shape(
  gif: Json,
  options: {
    bundle: { images: readonly string[]; keepsVideo: boolean } | null;
    fields: string[] | null;
  },
): Json {
  let out = gif;
  if (options.bundle && isObject(out.images)) {
    const { video, ...rest } = out;
    out = { ...rest, images: pickKeys(out.images, options.bundle.images) };
    if (video !== undefined && options.bundle.keepsVideo) out.video = video;
  }
  if (options.fields) out = pickFields(out, options.fields);
  return out;
}

/** An answer trimmed by the `bundle` and `fields` parameters of `query`. */
export function shapeAnswer(payload: unknown, query: unknown): unknown {
  const params = isObject(query) ? query : {};
  const bundleName = typeof params.bundle === 'string' ? params.bundle : null;
  const fieldsParam = typeof params.fields === 'string' ? params.fields : null;
  if (!bundleName && !fieldsParam) return payload;
  if (!isObject(payload) || !('data' in payload)) return payload;
  const options = {
    bundle:
      bundleName && Object.hasOwn(renditionBundles, bundleName)
        ? { images: renditionBundles[bundleName]!, keepsVideo: bundleName === 'clips_grid_picker' }
        : null,
    fields: fieldsParam
      ? fieldsParam
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
          .slice(0, 50)
      : null,
  };
  const data = payload.data;
  if (Array.isArray(data))
    return {
      ...payload,
      data: (data as unknown[]).map((item) => (isGif(item) ? shape(item, options) : item)),
    };
  if (isGif(data)) return { ...payload, data: shape(data, options) };
  return payload;
}

/** Trims the GIF objects of every public API answer by its `bundle` and `fields` parameters. */
export function responseShaping(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) =>
    shapeAnswer(payload, request.query),
  );
}
