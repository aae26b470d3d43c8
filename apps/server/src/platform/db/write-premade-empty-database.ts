// Run by `npm run build` (so by the install): writes an empty embedded database, PGlite's initdb
// with nothing else, as a gzipped tarball for a first start to load (premade-empty-database.ts).
// initdb takes the process to about 1 GB for a moment; here that happens once, at install,
// instead of at every instance's first start. Nothing is written when this PGlite's file is
// already there, and others' files (another PGlite) are removed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PREMADE_FOLDER, premadeEmptyDatabaseFile } from './premade-empty-database.ts';

const folder = process.argv[2] ?? PREMADE_FOLDER;
const file = await premadeEmptyDatabaseFile(folder);
const made = await fs.access(file).then(
  () => true,
  () => false,
);
if (!made) {
  try {
    await fs.mkdir(folder, { recursive: true });
    const pglite = await PGlite.create();
    // A checkpoint leaves nothing in the write-ahead log for the first start to replay.
    await pglite.exec('CHECKPOINT');
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    const partial = `${file}.${process.pid}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, file);
    console.log(`wrote ${path.relative(process.cwd(), file)} (${dump.size} bytes)`);
  } catch (error) {
    // The server creates the database itself when there is no file: the install goes on.
    console.warn(`could not write the premade empty database, first start will create it`, error);
  }
}
for (const name of await fs.readdir(folder).catch(() => [])) {
  const other = path.join(folder, name);
  if (/^empty-database-.*\.tar\.gz/.test(name) && other !== file) await fs.rm(other);
}
