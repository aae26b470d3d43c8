import type { TenorErrorBody } from '@jiffy/contracts';
import type { AppError } from '../errors/app-error.ts';

/** Google's canonical status names, which Tenor's errors carry beside the HTTP status. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'FAILED_PRECONDITION',
  410: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  414: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  416: 'OUT_OF_RANGE',
  422: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
};

/** Tenor's error object (Google's API error format), as `/openapi.json` documents it. */
export type { TenorErrorBody };

/**
 * An error as Tenor answers it: `{ error: { code, message, status } }`, `code` being the HTTP
 * status and `status` Google's name for it. The HTTP status itself is the GIPHY dialect's for
 * the same problem (same keys, same limits); Jiffy's stable code is the `reason` of Google's
 * ErrorInfo detail, so a client can branch on it as on the GIPHY dialect's `error_code`.
 */
export function tenorErrorBody(error: AppError, requestId: string): TenorErrorBody {
  return {
    error: {
      code: error.status,
      message: error.message,
      status: STATUS_NAMES[error.status] ?? (error.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT'),
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: error.code,
          domain: 'jiffy',
          metadata: { request_id: requestId },
        },
      ],
    },
  };
}
