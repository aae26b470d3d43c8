import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';

/** Validates outside input against `schema`; the first problem becomes a 400 `invalid_request`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'invalid input';
  throw new AppError('invalid_request', message);
}
