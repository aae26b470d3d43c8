import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { BlobStorage } from './blob-storage.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** The media store the configuration names: DATA_DIR/media (default) or an S3 bucket. */
/** What the storage needs of the configuration (the app's Config has these fields). */
export interface StorageSettings {
  STORAGE: 'local' | 's3';
  mediaDir: string;
  S3_BUCKET?: string | undefined;
  /** S3_PREFIX as a folder: '' or ending in '/'. */
  s3Prefix: string;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}

export function createBlobStorage(config: StorageSettings): BlobStorage {
  if (config.STORAGE === 'local') return new LocalStorage(config.mediaDir);
  const client = new S3Client(s3ClientConfig(config));
  return new S3Storage({ client, bucket: config.S3_BUCKET!, prefix: config.s3Prefix });
}

/** The S3 client settings the S3_* variables make. */
export function s3ClientConfig(config: StorageSettings): S3ClientConfig {
  return {
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // Without keys the SDK's own chain applies (AWS_* variables, instance roles, ...).
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    // Checksums only where S3 requires them: S3-compatible stores often reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Where media is kept, for the start banner. */
export function describeStorage(config: StorageSettings): string {
  if (config.STORAGE === 'local') return config.mediaDir;
  const endpoint = config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : '';
  return `s3://${config.S3_BUCKET}/${config.s3Prefix}${endpoint}`;
}
