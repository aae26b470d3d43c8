import { assertServerUrl, migrateDb } from '../backup/operations.ts';
import { RefusedError } from '../backup/refused-error.ts';
import { envSchema, loadConfig, resolveConfig } from '../config/env.ts';
import { parseOptions } from './args.ts';
import { runRefusable } from './run-refusable.ts';

// `npm run migrate-db -- --to postgres://… [--schema=<name>] [--media-to-s3] [--force]`: copies
// the embedded instance in DATA_DIR (stopped) to a PostgreSQL server in one pass, and with
// --media-to-s3 its media to the bucket the S3_* variables name. The embedded data is left as it
// was; afterwards start Jiffy with DATABASE_URL (and STORAGE=s3) as printed.
let to: string;
let schema: string | undefined;
let mediaToS3: boolean;
let force: boolean;
try {
  const { options, positional } = parseOptions(process.argv.slice(2), {
    values: ['to', 'schema'],
    flags: ['media-to-s3', 'force'],
  });
  if (positional.length > 0) throw new Error(`unexpected ${positional.join(' ')}`);
  if (!options.has('to')) throw new Error('--to is required');
  to = options.get('to') as string;
  schema = options.get('schema') as string | undefined;
  mediaToS3 = options.get('media-to-s3') === true;
  force = options.get('force') === true;
} catch (error) {
  console.error(
    `migrate-db: ${(error as Error).message}\nusage: npm run migrate-db -- --to postgres://user:password@host/db ` +
      '[--schema=<name>] [--media-to-s3] [--force]',
  );
  process.exit(2);
}

const env: NodeJS.ProcessEnv = { ...process.env, SEED_DEMO: 'false' };
delete env.DATABASE_URL;
const source = loadConfig({ ...env, STORAGE: 'local' });
await runRefusable('migrate-db', async () => {
  if (process.env.DATABASE_URL)
    throw new RefusedError(
      'source-not-embedded',
      'DATABASE_URL is set: migrate-db moves the embedded instance in DATA_DIR; unset it',
    );
  assertServerUrl(to);
  const parsed = envSchema.safeParse({
    ...env,
    DATABASE_URL: to,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    STORAGE: mediaToS3 ? 's3' : 'local',
  });
  if (!parsed.success) {
    throw new RefusedError(
      'bad-config',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  const target = resolveConfig(parsed.data);
  const started = performance.now();
  const result = await migrateDb({ source, target, force });
  const rows = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `Copied ${rows} rows and ${result.jobs} pending jobs` +
      (mediaToS3
        ? ` and ${result.media} media files to s3://${target.S3_BUCKET}/${target.s3Prefix}`
        : '') +
      ` in ${((performance.now() - started) / 1000).toFixed(1)} s. Start Jiffy with ` +
      `DATABASE_URL=<the URL>${target.DATABASE_SCHEMA ? ` DATABASE_SCHEMA=${target.DATABASE_SCHEMA}` : ''}` +
      (mediaToS3 ? ' STORAGE=s3' : ` (media stays in ${source.mediaDir})`) +
      `; the embedded database in ${source.dbDir} is unchanged.`,
  );
});
