import { errorStatus, type ErrorCode } from '@jiffy/contracts';

/**
 * The one error type routes and services throw on purpose. Its message is safe to show to the
 * caller; anything else that escapes becomes a generic 500 with no internals.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /**
   * Facts the caller may act on, also safe to show: which input was refused (`field`), or the
   * address an account waits to have confirmed. The site's envelope carries them.
   */
  readonly details: Readonly<Record<string, string>> | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown; details?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options?.status ?? errorStatus[code];
    this.details = options?.details;
  }
}
