import { shareTypes } from '@jiffy/contracts';
import { z } from 'zod';
import { gifId } from '../../platform/http/input-schemas.ts';

/** `POST /ajax/gif/:id/analytic/:type/`: the type is one of the share buttons. */
export const shareEventParams = z.object({ id: gifId, type: z.string().max(40) });

/** Whether `type` is a share type (an unknown one is refused with its own code). */
export const isShareType = (type: string): type is (typeof shareTypes)[number] =>
  (shareTypes as readonly string[]).includes(type);
