import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/app/cli');

/**
 * Runs one of Jiffy's commands (`cli/<name>.ts`) with this Node (a variable given as '' is
 * unset for it); resolves to its exit code and output instead of throwing on failure.
 */
export async function runCli(name: string, args: string[], env: Record<string, string>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  for (const [key, value] of Object.entries(env)) if (value === '') delete merged[key];
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(CLI_DIR, `${name}.ts`), ...args],
      { env: merged },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
