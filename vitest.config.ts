import { defineConfig } from 'vitest/config';

// Test tiers, told apart by file name:
//   *.test.ts          unit     no database, no network; many files in parallel
//   *.db.test.ts       db       repositories, services and the queue against a database
//   *.http.test.ts     http     a whole Jiffy behind Fastify's inject or a loopback port
//   *.browser.test.ts  browser  pages in real headless Chromium
//   *.system.test.ts   system   several processes: servers, CLIs, nodes, PostgreSQL, Redis
// The db and http tiers run on both engines (embedded PGlite and the PostgreSQL server at
// TEST_DATABASE_URL); the others run once. `npm test` runs every project.
const TIERS = ['db', 'http', 'browser', 'system'] as const;
const FILES = '{apps,packages,e2e}/**/';
const NOT_TESTS = ['**/node_modules/**', '**/dist/**'];
const tierFiles = (tier: string) => [`${FILES}*.${tier}.test.{ts,tsx}`];
// Set here, in the main process, so global setup and every worker see it.
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

// Projects that start a Jiffy open copies of one migrated database per engine, made once.
const EMBEDDED_TEMPLATE = ['e2e/support/embedded-template-setup.ts'];
const SERVER_TEMPLATE = ['e2e/support/server-template-setup.ts'];

const onEngine = (tier: 'db' | 'http', engine: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `${tier}:${engine}`,
    include: tierFiles(tier),
    env: { JIFFY_TEST_ENGINE: engine },
    // The server engine's files start embedded Jiffys too (migrate-db's source, CLI commands on
    // a data folder), which would otherwise migrate a database of their own each.
    ...(tier === 'http'
      ? {
          globalSetup:
            engine === 'pglite' ? EMBEDDED_TEMPLATE : [...SERVER_TEMPLATE, ...EMBEDDED_TEMPLATE],
        }
      : {}),
  },
});

export default defineConfig({
  test: {
    exclude: NOT_TESTS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run in parallel, a file's tests in order. Three workers on two cores: an http file
    // waits for much of its time (password hashing and media on other threads, ffmpeg, its
    // database), and two workers left the cores 9% idle in those tiers; with three, the tiers
    // before the browser's took 584 s instead of 647 s (the whole suite 927 s against 990 s).
    maxWorkers: 3,
    // A worker runs file after file in one module graph: each file starts Jiffys of its own on
    // databases of their own, so nothing carries over that a test sees, and the server's
    // thousand-odd modules load once per worker rather than once per file (unit 95 s -> 64 s).
    isolate: false,
    // A worker opens and closes dozens of embedded databases in one process, and V8 in Node 24
    // has a bookkeeping bug in freeing WebAssembly code under that churn: one CI run lost its
    // browser worker to "Check failed: jit_page_->allocations_.erase(addr) == 1" in
    // ThreadIsolation::UnregisterWasmAllocation (nodejs/node#66366, fixed in V8 upstream).
    // Wasm code is then never garbage-collected in a test worker: it lives minutes, not weeks.
    // Jiffy itself opens one database for its life and keeps V8's default.
    execArgv: ['--no-wasm-code-gc'],
    // Browser tests poll for what a page shows; under a loaded CI machine a page can take
    // seconds, so polls wait up to 10 s (they return as soon as the condition holds).
    expect: { poll: { timeout: 10_000 } },
    setupFiles: ['e2e/support/test-engine-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [`${FILES}*.test.{ts,tsx}`],
          exclude: [...NOT_TESTS, ...TIERS.map((tier) => `**/*.${tier}.test.{ts,tsx}`)],
        },
      },
      onEngine('db', 'pglite'),
      onEngine('db', 'postgres'),
      onEngine('http', 'pglite'),
      onEngine('http', 'postgres'),
      {
        extends: true,
        test: {
          name: 'browser',
          include: tierFiles('browser'),
          // Last, one file at a time: two browser files at once took twice as long each (their
          // Jiffys, ffmpeg and Chromium's renderers on two cores) and missed the timings their
          // pages are held to; alone they pass, and the tier takes about as long either way.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          // One Chromium for the run; every page is fresh (a context of its own).
          globalSetup: [...EMBEDDED_TEMPLATE, 'e2e/support/chromium-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'system', include: tierFiles('system'), globalSetup: EMBEDDED_TEMPLATE },
      },
    ],
  },
});
