import { z } from 'zod';
import { siteData } from './site-answers.ts';

/** `POST /ajax/instashare/`: the GIF mailed, to whom (as the sender wrote it, trimmed). */
export const instashareSchema = z.object({
  gif_id: z.string(),
  to: z.string(),
  status: z.literal('sent'),
});
export type InstashareObject = z.infer<typeof instashareSchema>;
export const instashareAnswer = siteData(instashareSchema);
