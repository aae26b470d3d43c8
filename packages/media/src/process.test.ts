import { describe, expect, it } from 'vitest';
import { runProcess, stderrSummary } from './process.ts';

describe('runProcess', () => {
  it('kills a child that outlives its timeout', async () => {
    const started = performance.now();
    const result = await runProcess({ file: 'sleep', args: ['10'], timeoutMs: 200 });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps only the tail of stderr', async () => {
    const result = await runProcess({
      file: 'sh',
      args: ['-c', 'i=0; while [ $i -lt 2000 ]; do echo "line $i" >&2; i=$((i+1)); done'],
      timeoutMs: 10_000,
      maxStderrBytes: 100,
    });
    expect(result.code).toBe(0);
    expect(result.stderr.length).toBeLessThanOrEqual(100);
    expect(result.stderr).toContain('line 1999');
  });

  it('kills a child whose stdout passes the cap', async () => {
    const result = await runProcess({
      file: 'sh',
      args: ['-c', 'yes'],
      timeoutMs: 10_000,
      maxStdoutBytes: 10_000,
    });
    expect(result.stdoutOverflow).toBe(true);
    expect(result.stdout.length).toBeLessThanOrEqual(10_000);
  });

  it('passes arguments without a shell', async () => {
    const result = await runProcess({
      file: 'echo',
      args: ['$HOME; rm -rf /'],
      timeoutMs: 5000,
      maxStdoutBytes: 1000,
    });
    expect(result.stdout.toString().trim()).toBe('$HOME; rm -rf /');
  });

  it('rejects when the program does not exist', async () => {
    await expect(
      runProcess({ file: '/nonexistent/ffmpeg', args: [], timeoutMs: 1000 }),
    ).rejects.toThrow();
  });

  it('summarises the last stderr lines', () => {
    expect(stderrSummary('a\n\nb\nc\nd\ne\n')).toBe('b | c | d | e');
  });
});
