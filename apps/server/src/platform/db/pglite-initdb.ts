// Run as its own process: creates an empty embedded database in the folder given as the only
// argument, then exits. PGlite's initdb runs a second database engine beside the first and
// copies its memory, which takes the process to about 1 GB for a moment; in a process of its
// own, all of that goes back to the system when it exits instead of some 150 MB of it staying
// with the server for good.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb.ts <data folder>');
const pglite = await PGlite.create(dataDir);
await pglite.close();
