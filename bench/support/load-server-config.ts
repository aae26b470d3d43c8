import { envSchema, resolveConfig } from '../../apps/server/src/app/config/env.ts';

/**
 * The configuration of a Jiffy under load in a benchmark: loopback on a free port, silent, no
 * demo content, and rate limits far past what the load generator sends (it is one caller, which
 * a public instance would rightly slow down). `extra` adds or overrides settings.
 */
export function loadServerConfig(extra: Record<string, string> = {}) {
  return resolveConfig(
    envSchema.parse({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      SITE_RATE_LIMIT_PER_MINUTE: '100000000',
      SITE_RATE_LIMIT_TOTAL_PER_MINUTE: '100000000',
      ...extra,
    }),
  );
}
