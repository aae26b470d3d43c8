import { createHash, randomInt } from 'node:crypto';
import { randomBase62 } from '../../platform/lib/ids.ts';

/** A random secret to hand out (cookie, e-mail link); only its hash is stored. */
export const newSecret = (): string => randomBase62(40);

/** A 6-digit code for people typing it from an e-mail. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The stored form of a secret. */
export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
