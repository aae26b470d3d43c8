import { z } from 'zod';

/** Frames one call may send: a few moments of a clip are enough to say what it shows. */
export const MAX_FRAMES = 5;
/** Bytes of one decoded frame: a maker's 480 px capture as PNG or JPEG fits easily. */
export const MAX_FRAME_BYTES = 512 * 1024;
/** Body cap of the call: every frame at its cap, as base64 (4/3), plus the JSON around it. */
export const PREDICTION_BODY_LIMIT = Math.ceil((MAX_FRAMES * MAX_FRAME_BYTES * 4) / 3) + 16 * 1024;

/**
 * `POST /ajax/tags/prediction/`: `frames`, 1 to 5 pictures as data URLs
 * (`data:image/png;base64,…`; PNG, JPEG, WebP or GIF), what a page gets from a canvas.
 * Whether the bytes are a picture is checked after this, from the bytes themselves.
 */
export const tagPredictionInputSchema = z
  .strictObject({
    frames: z
      .array(
        z
          .string()
          .max(Math.ceil((MAX_FRAME_BYTES * 4) / 3) + 64, 'a frame is at most 512 KB')
          .regex(
            /^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/,
            'must be a base64 data URL',
          ),
      )
      .min(1, 'send at least one frame')
      .max(MAX_FRAMES, `at most ${MAX_FRAMES} frames`),
  })
  .strict();

export type TagPredictionInput = z.infer<typeof tagPredictionInputSchema>;
