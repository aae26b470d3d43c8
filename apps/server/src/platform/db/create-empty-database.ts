import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Creates an empty embedded database in `dataDir` (PGlite's initdb) in a child process, which
 * pglite-initdb.ts runs: its moment of about 1 GB goes back to the system when the child exits.
 */
export async function createEmptyDatabase(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url));
  const { code, output } = await new Promise<{ code: number | null; output: string }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, [script, dataDir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve({ code: exitCode, output }));
    },
  );
  if (code !== 0) throw new Error(`creating the embedded database failed (${code}): ${output}`);
}
