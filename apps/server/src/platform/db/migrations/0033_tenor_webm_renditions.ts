import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Tenor's dialect serves WebM renditions, made on first request and kept as rows
 * like any other: the format check of 0001 learns `webm`. The constraint keeps 0001's
 * generated name, so one statement replaces it on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE renditions DROP CONSTRAINT renditions_format_check`,
    `ALTER TABLE renditions ADD CONSTRAINT renditions_format_check
      CHECK (format IN ('gif', 'mp4', 'webp', 'jpg', 'png', 'webm'))`,
  ]);
}
