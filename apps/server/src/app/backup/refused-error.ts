/**
 * A backup, restore or migrate-db that stops before changing anything, for a reason the
 * operator can fix. `code` is stable (tests and scripts match it); the CLIs print
 * `refused (<code>): <message>` and exit 1.
 */
export class RefusedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'RefusedError';
    this.code = code;
  }
}
