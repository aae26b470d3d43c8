import { z } from 'zod';
import { ID_PATTERN } from '../lib/ids.ts';

/** A GIF id in a path, query or body; 'not a GIF id' when it is not one. */
export const gifId = z.string().regex(ID_PATTERN, 'not a GIF id');

/** A user id in a path; 'not a user id' when it is not one. */
export const userId = z.string().regex(ID_PATTERN, 'not a user id');

/**
 * An e-mail address in a body, trimmed, then checked: 'not an e-mail address' when it is not
 * one. The check sits behind a pipe, which the API document would not show, so the format is
 * stated on the text the caller sends.
 */
export const emailAddress = z
  .string()
  .trim()
  .max(254)
  .meta({ format: 'email', examples: ['someone@example.com'] })
  .pipe(z.email('not an e-mail address'));

/** A route's `:id` path parameter that names a GIF. */
export const gifIdParams = z.object({ id: gifId });

/**
 * A whole number from `min` to `max`, as a JSON number or as decimal digits (a query's "5"
 * counts as 5), with a message that says so when it is not. Nothing else is read as a number:
 * not `true`, `[8]`, `"0x1A"`, `"1e1"` or `" 5"`, which a plain coercion would take for one.
 */
export const wholeNumber = (min: number, max: number, note = '') => {
  const error = `a whole number from ${min} to ${max}${note}`;
  const inRange = z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
  const digits = z
    .string({ error })
    .regex(/^\d{1,16}$/, { error })
    .transform(Number)
    .pipe(inRange);
  return z.union([inRange, digits], { error });
};
