import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs a program with an argument array (no shell); rejects on a non-zero exit. */
export async function run(file: string, args: string[]): Promise<void> {
  await execFileAsync(file, args, {
    timeout: 300_000,
    killSignal: 'SIGKILL',
    maxBuffer: 1024 * 1024,
  });
}
