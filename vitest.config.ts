import { defineConfig } from 'vitest/config';

// One suite for the whole workspace. Media and database tests are slow on 2 cores,
// so files run in parallel but each file's tests run in order.
export default defineConfig({
  test: {
    include: ['{apps,packages,e2e}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // Browser tests poll for what a page shows; under a loaded CI machine a page can take
    // seconds, so polls wait up to 10 s (they return as soon as the condition holds).
    expect: { poll: { timeout: 10_000 } },
  },
});
