/**
 * Crash tests (e2e/interrupted-jobs.system.test.ts) kill a real Jiffy process at a known point: with
 * `JIFFY_TEST_HANG_AT=<point>:<title>[,...]` set, work on the GIF titled `<title>` that reaches
 * the named point prints a log line and never returns. Honoured only under the test runner
 * (VITEST is set), so no setting in production can make a request or job hang.
 */
export async function hangForTest(point: string, title: string): Promise<void> {
  if (!process.env.VITEST) return;
  const entries = (process.env.JIFFY_TEST_HANG_AT ?? '').split(',');
  if (!entries.includes(`${point}:${title}`)) return;
  process.stdout.write(`${JSON.stringify({ msg: 'test hang', point, title })}\n`);
  await new Promise<never>(() => {});
}
