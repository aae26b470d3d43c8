import { errorStatus, type ErrorCode } from '@jiffy/contracts';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { findUnstorable } from '../lib/unstorable-text.ts';

/**
 * Validates outside input against `schema`; the first problem becomes a 400 `invalid_request`,
 * unless the check that found it names a stable code of its own (`params.errorCode` of a custom
 * issue: a search term past its length is 414 `query_too_long`, as GIPHY answers). Input holding text the database cannot store (NUL, a lone surrogate) anywhere is refused
 * before the schema sees it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const unstorable = findUnstorable(input);
  if (unstorable) {
    throw new AppError(
      'invalid_request',
      withField(unstorable.at, unstorable.problem),
      unstorable.at ? { details: { field: unstorable.at } } : undefined,
    );
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue ? withField(field, issue.message) : 'invalid input';
  // The field comes apart from the message too: a form can then say the problem in its own
  // words beside the input it is about.
  throw new AppError(codeOf(issue), message, field ? { details: { field } } : undefined);
}

function codeOf(issue: z.core.$ZodIssue | undefined): ErrorCode {
  const named: unknown = issue?.code === 'custom' ? issue.params?.errorCode : undefined;
  return typeof named === 'string' && named in errorStatus
    ? (named as ErrorCode)
    : 'invalid_request';
}

const withField = (field: string, message: string) => (field ? `${field}: ${message}` : message);

/**
 * GIPHY's SDKs repeat some parameters (`type`, `channel`) and send others as the string
 * "undefined"; the first value of a repeated one counts and unknown ones are ignored.
 */
export function firstValues(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!query || typeof query !== 'object') return out;
  for (const [key, value] of Object.entries(query)) {
    out[key] = Array.isArray(value) ? value[0] : value;
  }
  return out;
}
