import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { Env } from '../src/app/config/env.ts';

/** A real S3-protocol server on loopback (s3rver, objects in a folder) with one bucket. */
export interface TestS3 {
  /** The STORAGE/S3_* variables that point Jiffy at it. */
  env: Partial<Record<keyof Env, string>>;
  /** The instance's folder in the bucket as anyone reads it (s3rver lets anonymous GETs in). */
  publicUrl: string;
  stop(): Promise<void>;
}

export const TEST_BUCKET = 'jiffy-test';
/** Objects go in a folder of the bucket, as for an instance sharing one. */
const PREFIX = 'instance/';

/** Starts a server on a free port, keeping its objects under `dir` (the caller removes it). */
export async function startTestS3(dir: string): Promise<TestS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: TEST_BUCKET }],
    // s3rver computes V4 signatures of some listings (a '/' in the prefix) differently from the
    // AWS SDK and S3; signing is the SDK's business, not what these tests check.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    publicUrl: `${endpoint}/${TEST_BUCKET}/${PREFIX}`.replace(/\/$/, ''),
    env: {
      STORAGE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed keys: it checks signatures as S3 does.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: PREFIX,
    },
    stop: () => server.close(),
  };
}

/** The backends the storage-sensitive test files run on (each describe block once per entry). */
export const STORAGE_BACKENDS = ['local', 's3'] as const;
export type StorageBackend = (typeof STORAGE_BACKENDS)[number];

/** Where a test's objects go when it starts its own server. */
export const s3DirOf = (dataDir: string) => path.join(dataDir, 's3');
