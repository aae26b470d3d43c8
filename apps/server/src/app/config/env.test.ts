import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, resolveConfig } from './env.ts';

describe('configuration', () => {
  it('runs with nothing set: port 3000, data under ./data, media served by the server', () => {
    const config = resolveConfig(envSchema.parse({}));
    expect(config.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mediaBaseUrl).toBe('http://localhost:3000/media');
    expect(config.dbDir).toBe(path.resolve('data/db'));
    expect(config.mediaDir).toBe(path.resolve('data/media'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.MAX_UPLOAD_BYTES).toBe(100 * 1024 * 1024);
    expect(config.DATABASE_POOL_SIZE).toBe(Math.max(4, 2 * os.availableParallelism()));
    expect(resolveConfig(envSchema.parse({ DATABASE_POOL_SIZE: '3' })).DATABASE_POOL_SIZE).toBe(3);
    expect(envSchema.safeParse({ DATABASE_POOL_SIZE: '0' }).success).toBe(false);
  });

  it('moves database and media together with DATA_DIR, and URLs with PORT, PUBLIC_URL and MEDIA_BASE_URL', () => {
    const moved = resolveConfig(envSchema.parse({ DATA_DIR: '/srv/jiffy', PORT: '8080' }));
    expect(moved.dbDir).toBe('/srv/jiffy/db');
    expect(moved.mediaDir).toBe('/srv/jiffy/media');
    expect(moved.publicUrl).toBe('http://localhost:8080');
    const cdn = resolveConfig(
      envSchema.parse({
        PUBLIC_URL: 'https://gifs.example.org/',
        MEDIA_BASE_URL: 'https://cdn.example.org/m/',
      }),
    );
    expect(cdn.publicUrl).toBe('https://gifs.example.org');
    expect(cdn.mediaBaseUrl).toBe('https://cdn.example.org/m');
  });

  it('bounds memory for a small machine by default, and takes larger bounds', () => {
    const defaults = envSchema.parse({});
    expect(defaults.EMBEDDED_DB_CACHE_MB).toBe(16);
    expect(defaults.MEMORY_REPORT_FILE).toBeUndefined();
    const larger = envSchema.parse({
      EMBEDDED_DB_CACHE_MB: '256',
      MEMORY_REPORT_FILE: '/tmp/jiffy-memory.jsonl',
    });
    expect(larger.EMBEDDED_DB_CACHE_MB).toBe(256);
    expect(larger.MEMORY_REPORT_FILE).toBe('/tmp/jiffy-memory.jsonl');
    expect(envSchema.safeParse({ EMBEDDED_DB_CACHE_MB: '0' }).success).toBe(false);
    expect(envSchema.safeParse({ MEMORY_REPORT_FILE: '' }).success).toBe(false);
  });

  it('reports every bad variable at once', () => {
    const result = envSchema.safeParse({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://nope',
      JIFFY_API_KEY: 'short',
      WORKER_CONCURRENCY: '0',
      SEED_DEMO: 'perhaps',
      URL_IMPORT_ALLOW_HOSTS: 'nas.lan',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'JIFFY_API_KEY',
        'WORKER_CONCURRENCY',
        'SEED_DEMO',
        'URL_IMPORT_ALLOW_HOSTS',
      ]),
    );
  });

  it('reads the opt-in list of LAN hosts for URL imports', () => {
    const config = envSchema.parse({ URL_IMPORT_ALLOW_HOSTS: '192.168.1.20:8080, nas.lan:443' });
    expect(config.URL_IMPORT_ALLOW_HOSTS).toEqual(['192.168.1.20:8080', 'nas.lan:443']);
  });

  it('federates by default only on a public https PUBLIC_URL, and as FEDERATION says', () => {
    const federation = (env: Record<string, string>) =>
      resolveConfig(envSchema.parse(env)).federation;
    expect(federation({})).toBe(false);
    expect(federation({ PUBLIC_URL: 'https://gifs.example.org' })).toBe(true);
    expect(federation({ PUBLIC_URL: 'http://gifs.example.org' })).toBe(false);
    expect(federation({ PUBLIC_URL: 'https://192.168.1.20' })).toBe(false);
    expect(federation({ PUBLIC_URL: 'https://jiffy.lan' })).toBe(false);
    expect(federation({ PUBLIC_URL: 'https://gifs.example.org', FEDERATION: 'off' })).toBe(false);
    expect(federation({ PUBLIC_URL: 'http://127.0.0.1:3000', FEDERATION: 'on' })).toBe(true);
    expect(envSchema.safeParse({ FEDERATION: 'yes' }).success).toBe(false);
    expect(
      envSchema.parse({ FEDERATION_ALLOW_HOSTS: '127.0.0.1:4000' }).FEDERATION_ALLOW_HOSTS,
    ).toEqual(['127.0.0.1:4000']);
    expect(envSchema.safeParse({ FEDERATION_ALLOW_HOSTS: '127.0.0.1' }).success).toBe(false);
  });

  it('keeps media on disk by default, and in a bucket with STORAGE=s3 and its settings', () => {
    expect(envSchema.parse({}).STORAGE).toBe('local');
    const s3 = resolveConfig(
      envSchema.parse({
        STORAGE: 's3',
        S3_BUCKET: 'jiffy-media',
        S3_ENDPOINT: 'http://minio.lan:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'instances/one',
      }),
    );
    expect(s3).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(s3.s3Prefix).toBe('instances/one/');
    expect(resolveConfig(envSchema.parse({ S3_PREFIX: 'jiffy/' })).s3Prefix).toBe('jiffy/');
    expect(resolveConfig(envSchema.parse({})).s3Prefix).toBe('');
  });

  it('refuses an S3 setup that cannot work, naming the variable', () => {
    const fields = (env: Record<string, string>) =>
      envSchema.safeParse(env).error?.issues.map((issue) => issue.path[0]);
    expect(fields({ STORAGE: 's3' })).toEqual(['S3_BUCKET']);
    expect(fields({ STORAGE: 'ftp' })).toEqual(['STORAGE']);
    expect(fields({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket!' })).toEqual(['S3_BUCKET']);
    expect(fields({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'S3_SECRET_ACCESS_KEY',
    ]);
    for (const prefix of ['../up', '/root', 'a//b', 'a/../b', 'x'.repeat(201)])
      expect(fields({ S3_PREFIX: prefix }), prefix).toEqual(['S3_PREFIX']);
    expect(fields({ S3_ENDPOINT: 'not a url' })).toEqual(['S3_ENDPOINT']);
  });
});
