import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../process.ts';
import { launch } from './process-launcher.ts';

const commandLineOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

/** The process that started a program run now. */
async function parentOfAProgram(): Promise<number> {
  const result = await runProcess({
    file: 'sh',
    args: ['-c', 'echo $PPID'],
    timeoutMs: 10_000,
    maxStdoutBytes: 100,
  });
  return Number(result.stdout.toString().trim());
}

describe.runIf(process.platform === 'linux')('programs started through the launcher', () => {
  it('are children of the launcher process, not of this one', async () => {
    const parent = await parentOfAProgram();
    expect(parent).not.toBe(process.pid);
    expect(commandLineOf(parent)).toContain('launcher.ts');
  });

  it('read their stdin and write their stdout byte for byte, megabytes of it', async () => {
    const bytes = Buffer.alloc(5_000_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const result = await runProcess({
      file: 'cat',
      args: [],
      stdin: Readable.from([bytes.subarray(0, 2_000_000), bytes.subarray(2_000_000)]),
      timeoutMs: 20_000,
      maxStdoutBytes: 6_000_000,
    });
    expect(result.code).toBe(0);
    expect(result.stdout.equals(bytes)).toBe(true);
  });

  it('end cleanly when they die while being fed', async () => {
    // The program reads a little, then is killed with megabytes still coming at its stdin.
    const result = await runProcess({
      file: 'sh',
      args: ['-c', 'head -c 10 > /dev/null; echo dying >&2; kill -9 $$'],
      stdin: Readable.from(Array.from({ length: 40 }, () => Buffer.alloc(256 * 1024, 1))),
      timeoutMs: 20_000,
      maxStdoutBytes: 1000,
    });
    expect(result.signal).toBe('SIGKILL');
    expect(result.timedOut).toBe(false);
    expect(result.stderr).toBe('dying\n');
  });

  it('keep their own output when many run at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        runProcess({
          file: 'sh',
          args: ['-c', `echo out ${i}; echo err ${i} >&2; exit ${i % 3}`],
          timeoutMs: 20_000,
          maxStdoutBytes: 100,
        }),
      ),
    );
    results.forEach((result, i) => {
      expect(result.stdout.toString()).toBe(`out ${i}\n`);
      expect(result.stderr).toBe(`err ${i}\n`);
      expect(result.code).toBe(i % 3);
    });
  });

  it('fail as spawn does for a program that does not exist', async () => {
    const error = await runProcess({ file: '/nonexistent/ffmpeg', args: [], timeoutMs: 5000 }).then(
      () => undefined,
      (failure: NodeJS.ErrnoException) => failure,
    );
    expect(error?.code).toBe('ENOENT');
  });

  it('fail when the launcher dies under them, and the next one starts on a new launcher', async () => {
    const running = await launch({
      file: 'sh',
      args: ['-c', 'echo $PPID $$; exec sleep 30'],
      env: process.env,
      streams: ['stdout', 'stderr'],
    });
    if (!running?.stdout) throw new Error('the launcher did not start');
    const firstLine = new Promise<string>((resolve) =>
      running.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
    );
    // Streams arrive paused, so that nothing is read before their reader listens.
    running.stdout.resume();
    running.stderr?.resume();
    const [launcherPid, sleepPid] = (await firstLine).split(' ').map(Number) as [number, number];
    process.kill(launcherPid, 'SIGKILL');
    await expect(running.done).rejects.toThrow('the process launcher stopped');
    // What a dead launcher had started is no one's now (a render's ffmpeg would run out its input).
    process.kill(sleepPid, 'SIGKILL');

    const newLauncher = await parentOfAProgram();
    expect(newLauncher).not.toBe(launcherPid);
    expect(commandLineOf(newLauncher)).toContain('launcher.ts');
  });

  it('do not keep a script that ran one alive after it is done', async () => {
    // The script says how long it lived past its last line: were the launcher holding it, that
    // would be the launcher's 10 s of idleness, however fast or slow the machine.
    const script = `
      import { runProcess } from ${JSON.stringify(new URL('../process.ts', import.meta.url).href)};
      const result = await runProcess({ file: 'true', args: [], timeoutMs: 5000 });
      console.log('exit code', result.code);
      const done = performance.now();
      process.on('exit', () => console.log('lived on', Math.round(performance.now() - done)));
    `;
    const result = await runProcess({
      file: process.execPath,
      args: ['--input-type=module', '-e', script],
      timeoutMs: 30_000,
      maxStdoutBytes: 1000,
    });
    expect(result.code).toBe(0);
    const [first, second] = result.stdout.toString().trim().split('\n');
    expect(first).toBe('exit code 0');
    expect(Number(second?.replace('lived on ', ''))).toBeLessThan(2000);
  });
});
