import { z } from 'zod';
import { ID_PATTERN } from '../lib/ids.ts';

/** A GIF id in a path, query or body; 'not a GIF id' when it is not one. */
export const gifId = z.string().regex(ID_PATTERN, 'not a GIF id');

/** A user id in a path; 'not a user id' when it is not one. */
export const userId = z.string().regex(ID_PATTERN, 'not a user id');

/** A route's `:id` path parameter that names a GIF. */
export const gifIdParams = z.object({ id: gifId });

/**
 * A whole-number query parameter from `min` to `max` ("5" counts as 5), with a message that
 * says so when it is not.
 */
export const wholeNumber = (min: number, max: number, note = '') => {
  const error = `a whole number from ${min} to ${max}${note}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
