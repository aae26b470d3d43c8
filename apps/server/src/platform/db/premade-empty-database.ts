import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the install leaves an empty embedded database (PGlite's initdb, done once by `npm run
 * build`): a first start loads it in a third of the memory initdb takes. Build output, not in git.
 */
export const PREMADE_FOLDER = fileURLToPath(new URL('../../../dist/', import.meta.url));

const WRITER = fileURLToPath(new URL('./write-premade-empty-database.ts', import.meta.url));

/**
 * The premade database's file in `folder`, named by a hash of what makes it: PGlite's version
 * (another engine build may not read it) and the script that writes it. The migrations are not
 * in it: they run on top at start, as on a database initdb made, so restoring an older backup
 * into a fresh folder still works.
 */
export async function premadeEmptyDatabaseFile(folder = PREMADE_FOLDER): Promise<string> {
  const pgliteManifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(await fs.readFile(pgliteManifest, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(`pglite ${version}\n`)
    .update(await fs.readFile(WRITER))
    .digest('hex')
    .slice(0, 16);
  return path.join(folder, `empty-database-${key}.tar.gz`);
}

/** The premade empty database's tarball, or undefined when the install made none for this PGlite. */
export async function readPremadeEmptyDatabase(
  folder = PREMADE_FOLDER,
): Promise<Uint8Array | undefined> {
  return fs.readFile(await premadeEmptyDatabaseFile(folder)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
}
