import { z } from 'zod';
import { wholeNumber } from '../../platform/http/input-schemas.ts';

/** An actor's identifier as its ActivityPub URL names it: `u-<user id>` or `c-<channel id>`. */
const actor = z
  .string()
  .max(70)
  .regex(/^(u-[A-Za-z0-9_-]{1,64}|c-[1-9][0-9]{0,9})$/, 'an actor: u-<user id> or c-<channel id>');

export const actorParams = z.strictObject({ actor });

export const followerParams = z.strictObject({
  actor,
  id: wholeNumber(1, 2_147_483_647),
});

export const actorSettingsBody = z.strictObject({
  manually_approves_followers: z.boolean(),
});

/**
 * A host as remote actors' URLs carry it: a DNS name or an address, with a port when not the
 * default one. Lower-cased, as hosts are compared.
 */
const host = z
  .string()
  .min(1)
  .max(260)
  .regex(
    /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$/,
    'a host name (example.social, or with its port)',
  )
  .transform((value) => value.toLowerCase());

export const blockHostBody = z.strictObject({ host });
export const blockedHostParams = z.strictObject({ host });
export const noQuery = z.strictObject({});
