import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Tenor's WebM renditions were kept under the bucket's `private/` folder, so their URLs answered
 * 404 from a public bucket; new ones are stored at their public names. The rows of those made
 * before go, so each is made again, at its public name, the next time it is asked for (they are
 * made on first request anyway). On disk the old files are swept as any unreferenced file, and
 * the private objects in a bucket are no longer Jiffy's: `private/gifs/<id>/*.webm` may be
 * deleted by hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`DELETE FROM renditions WHERE format = 'webm'`]);
}
