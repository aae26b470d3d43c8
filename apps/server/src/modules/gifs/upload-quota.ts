import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../platform/errors/app-error.ts';

/** Whose allowance an upload spends: a user's (key owner or session), or an ownerless key's. */
export type QuotaSubject = { userId: string } | { apiKey: string };

export interface UploadQuotaOptions {
  uploadsPerHour: number;
  bytesPerDay: number;
  /** Shared counters, so every API node spends the same allowance; memory only when unset. */
  redis?: Redis | undefined;
  /** Told (at most once a minute) that Redis failed and this node counts in its own memory. */
  onRedisFallback?: () => void;
}

/** 429 `upload_quota_exceeded`, with the seconds until the allowance lets this upload through. */
export class UploadQuotaExceeded extends AppError {
  readonly retryAfterSeconds: number;
  constructor(what: string, retryAfterSeconds: number) {
    super(
      'upload_quota_exceeded',
      `Upload quota reached: ${what}. Retry in ${retryAfterSeconds} s.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Upload allowances: uploads per hour and bytes per day, per subject. Both are
 * rolling-from-first-use fixed windows kept by rate-limiter-flexible, in Redis when configured
 * (with an in-memory insurance limiter, so a Redis outage degrades to per-node counting rather
 * than refusing or waving through every upload).
 */
export class UploadQuota {
  readonly #count: RateLimiterAbstract;
  readonly #bytes: RateLimiterAbstract;
  readonly #options: UploadQuotaOptions;

  constructor(options: UploadQuotaOptions) {
    this.#options = options;
    this.#count = limiter(options, 'jiffy-upload-count', options.uploadsPerHour, HOUR);
    this.#bytes = limiter(options, 'jiffy-upload-bytes', options.bytesPerDay, DAY);
  }

  /**
   * Spends one upload and `bytes` from `subject`'s allowance, or throws `UploadQuotaExceeded`
   * and spends nothing. `bytes` 0 (a URL import, whose size is known only once fetched) still
   * needs some of today's bytes left.
   */
  async charge(subject: QuotaSubject, bytes: number): Promise<void> {
    const key = keyOf(subject);
    const { uploadsPerHour, bytesPerDay } = this.#options;
    await spend(this.#count, key, 1, `${uploadsPerHour} uploads an hour`);
    try {
      if (bytes > 0) await spend(this.#bytes, key, bytes, `${formatBytes(bytesPerDay)} a day`);
      else await this.#refuseIfSpent(this.#bytes, key, bytesPerDay, 'day');
    } catch (error) {
      await this.#count.reward(key, 1).catch(() => {});
      throw error;
    }
  }

  /**
   * Throws `UploadQuotaExceeded` when no upload could pass now (the hour's uploads or the day's
   * bytes are spent), spending nothing: lets a route refuse before it reads a body.
   */
  async refuseIfSpent(subject: QuotaSubject): Promise<void> {
    const key = keyOf(subject);
    await this.#refuseIfSpent(this.#count, key, this.#options.uploadsPerHour, 'hour');
    await this.#refuseIfSpent(this.#bytes, key, this.#options.bytesPerDay, 'day');
  }

  async #refuseIfSpent(
    limiter: RateLimiterAbstract,
    key: string,
    points: number,
    window: 'hour' | 'day',
  ): Promise<void> {
    const used = await limiter.get(key);
    if (!used || used.consumedPoints < points) return;
    const what = window === 'hour' ? `${points} uploads an hour` : `${formatBytes(points)} a day`;
    throw new UploadQuotaExceeded(what, secondsOf(used));
  }

  /** Gives back what `charge` spent, for an upload that then failed to be recorded. */
  async refund(subject: QuotaSubject, bytes: number): Promise<void> {
    const key = keyOf(subject);
    await this.#count.reward(key, 1).catch(() => {});
    if (bytes > 0) await this.#bytes.reward(key, bytes).catch(() => {});
  }
}

function limiter(
  options: UploadQuotaOptions,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterAbstract {
  if (!options.redis) return new RateLimiterMemory({ keyPrefix, points, duration });
  return new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix,
    points,
    duration,
    // While the connection is down, count in memory at once rather than wait for reconnects.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InsuranceLimiter(
      { keyPrefix, points, duration },
      options.onRedisFallback ?? (() => {}),
    ),
  });
}

/**
 * The in-memory limiter rate-limiter-flexible turns to when a Redis call fails. The library
 * does so silently; this one says so, so an operator learns that nodes no longer share quotas.
 */
class InsuranceLimiter extends RateLimiterMemory {
  readonly #onUse: () => void;
  #toldAt = 0;
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], onUse: () => void) {
    super(options);
    this.#onUse = onUse;
  }
  #tell(): void {
    if (Date.now() - this.#toldAt < 60_000) return;
    this.#toldAt = Date.now();
    this.#onUse();
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.#tell();
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.#tell();
    return super.get(...args);
  }
}

/** Consumes `points`; when refused, gives them back so a refused upload costs nothing. */
async function spend(
  limiter: RateLimiterAbstract,
  key: string,
  points: number,
  what: string,
): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    await limiter.reward(key, points).catch(() => {});
    throw new UploadQuotaExceeded(what, secondsOf(error));
  }
}

function keyOf(subject: QuotaSubject): string {
  return 'userId' in subject ? `user:${subject.userId}` : `key:${subject.apiKey}`;
}

function secondsOf(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MB` : `${bytes} bytes`;
}
