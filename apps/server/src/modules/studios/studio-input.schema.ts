import { z } from 'zod';
import { wholeNumber } from '../../platform/http/input-schemas.ts';

/** Feature one channel (by id) or one creator (by username), never both. */
export const featureBody = z.union([
  z.strictObject({ channel: z.number().int().min(1).max(2_147_483_647) }),
  z.strictObject({ username: z.string().regex(/^[A-Za-z0-9_]{1,30}$/, 'a username') }),
]);

export const featureParams = z.strictObject({
  id: wholeNumber(1, 2_147_483_647),
});

/** The studios page takes no parameters. */
export const studiosQuery = z.strictObject({});
