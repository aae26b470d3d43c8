/**
 * Preloaded into a spawned server by the crash tests (`node --import …`): with
 * `JIFFY_TEST_HANG_AT=<point>:<title>[,...]`, work on the GIF titled `<title>` that reaches the
 * named checkpoint prints a `test hang` log line and never goes on, so the test's kill -9 lands
 * there.
 */
import diagnostics from 'node:diagnostics_channel';
import { WORK_CHECKPOINTS, type WorkCheckpoint } from '../src/platform/lib/work-checkpoints.ts';

const plan = new Set((process.env.JIFFY_TEST_HANG_AT ?? '').split(',').filter(Boolean));

diagnostics.subscribe(WORK_CHECKPOINTS, (message) => {
  const checkpoint = message as WorkCheckpoint;
  if (!plan.has(`${checkpoint.point}:${checkpoint.title}`)) return;
  process.stdout.write(
    `${JSON.stringify({ msg: 'test hang', point: checkpoint.point, title: checkpoint.title })}\n`,
  );
  checkpoint.hold = new Promise<void>(() => {});
});
