import { RefusedError } from '../backup/refused-error.ts';

/**
 * Runs a one-off command: a refusal prints `refused (<code>): <message>` and exits 1 (nothing
 * was changed), any other failure its message and exits 1, bad usage exits 2.
 */
export async function runRefusable(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof RefusedError) {
      console.error(`${name}: refused (${error.code}): ${error.message}`);
    } else {
      console.error(
        `${name}: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
    process.exitCode = 1;
  }
}
