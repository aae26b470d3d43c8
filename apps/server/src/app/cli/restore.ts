import path from 'node:path';
import { restore } from '../backup/operations.ts';
import { loadConfig } from '../config/env.ts';
import { parseOptions } from './args.ts';
import { runRefusable } from './run-refusable.ts';

// `npm run restore -- <archive folder> [--force]`: loads a backup into the database and media
// store the environment configures (as `npm start` reads it), which must be empty unless
// --force (then its data is replaced in the load's own transaction). Stop Jiffy first.
let archive: string;
let force: boolean;
try {
  const { options, positional } = parseOptions(process.argv.slice(2), {
    values: [],
    flags: ['force'],
  });
  if (positional.length !== 1) throw new Error('name one archive folder');
  archive = path.resolve(positional[0]!);
  force = options.get('force') === true;
} catch (error) {
  console.error(
    `restore: ${(error as Error).message}\nusage: npm run restore -- <archive folder> [--force]`,
  );
  process.exit(2);
}

const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
await runRefusable('restore', async () => {
  const started = performance.now();
  const result = await restore({ config, archive, force });
  const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored ${rows} rows, ${result.jobs} pending jobs and ${result.media} media files from ` +
      `${archive} in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      (result.upgradedBy.length > 0 ? `, then applied ${result.upgradedBy.join(', ')}.` : '.'),
  );
});
