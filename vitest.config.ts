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
  },
});
