import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { UploadQuota, UploadQuotaExceeded } from './upload-quota.ts';

describe('UploadQuota', () => {
  it('keeps counting in memory while Redis is unreachable (insurance limiter)', async () => {
    // Nothing listens on port 1: every command fails at once instead of waiting.
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    try {
      let fallbacks = 0;
      const quota = new UploadQuota({
        uploadsPerHour: 2,
        bytesPerDay: 1000,
        redis,
        onRedisFallback: () => fallbacks++,
      });
      const subject = { userId: 'insured' };
      await quota.charge(subject, 100);
      await quota.charge(subject, 100);
      const refused = await quota.charge(subject, 100).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UploadQuotaExceeded);
      expect((refused as UploadQuotaExceeded).retryAfterSeconds).toBeGreaterThan(3500);
      // Said once a minute per counter, not once per call.
      expect(fallbacks).toBe(2);
    } finally {
      redis.disconnect();
    }
  });

  it('refuses a URL import (size unknown) once the day’s bytes are spent', async () => {
    const quota = new UploadQuota({ uploadsPerHour: 2, bytesPerDay: 1000 });
    const subject = { apiKey: 'default' };
    await quota.charge(subject, 1000);
    const refused = await quota.charge(subject, 0).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'upload_quota_exceeded', status: 429 });
    expect((refused as Error).message).toMatch(/a day\. Retry in \d+ s\.$/);
    // The refused import spent no upload: with the first one given back, two fit in the hour.
    await quota.refund(subject, 1000);
    await quota.charge(subject, 1);
    await quota.charge(subject, 1);
    await expect(quota.charge(subject, 1)).rejects.toThrow(/an hour/);
  });
});
