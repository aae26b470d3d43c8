import path from 'node:path';
import { backup } from '../backup/operations.ts';
import { loadConfig } from '../config/env.ts';
import { parseOptions } from './args.ts';
import { runRefusable } from './run-refusable.ts';

// `npm run backup -- [--out=<folder>]`: the instance the environment configures (as `npm start`
// reads it) into a new archive folder, by default ./backups/jiffy-<UTC time>. A running Jiffy on
// the embedded database holds it: stop it first. On a server, backups run beside live nodes.
let out: string;
try {
  const { options, positional } = parseOptions(process.argv.slice(2), {
    values: ['out'],
    flags: [],
  });
  if (positional.length > 0) throw new Error(`unexpected ${positional.join(' ')}`);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
  out = path.resolve((options.get('out') as string | undefined) ?? `backups/jiffy-${stamp}`);
} catch (error) {
  console.error(`backup: ${(error as Error).message}\nusage: npm run backup -- [--out=<folder>]`);
  process.exit(2);
}

const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
await runRefusable('backup', async () => {
  const started = performance.now();
  const manifest = await backup({ config, out });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const dbBytes = manifest.tables.reduce((sum, t) => sum + t.bytes, 0) + manifest.jobs.bytes;
  console.log(
    `Backed up ${rows} rows of ${manifest.tables.length} tables (${formatBytes(dbBytes)} gzipped), ` +
      `${manifest.jobs.rows} pending jobs and ${manifest.media.blobs} media files ` +
      `(${formatBytes(manifest.media.bytes)}) at migration ${manifest.migration} to ${out} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
});

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
