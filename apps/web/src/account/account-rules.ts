import { SiteApiError } from '../api/site-fetch.ts';

/** Why `email` cannot be an e-mail address, in words; empty when it can. */
export function emailProblem(email: string): string {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? '' : 'That is not an e-mail address.';
}

/** Why `code` is not a confirmation code as the e-mail gives it, in words; empty when it is. */
export function codeProblem(code: string): string {
  return /^\d{6}$/.test(code.trim()) ? '' : 'The code is the six digits from the e-mail.';
}

/** The server's own rules for a new account, checked before sending (it checks again). */
export function joinErrors(input: { username: string; email: string; password: string }) {
  const errors: Partial<Record<'username' | 'email' | 'password', string>> = {};
  if (!/^[A-Za-z0-9_]{2,30}$/.test(input.username))
    errors.username = 'Letters, digits and underscores, 2–30 characters.';
  const email = emailProblem(input.email);
  if (email) errors.email = email;
  if (input.password.length < 10) errors.password = 'At least 10 characters.';
  return errors;
}

/**
 * A refused account call in a person's words. The server names the input it refused
 * (`details.field`) beside a message written for programs ("email: not an e-mail address"):
 * the form says the problem of that field its own way, and any other refusal as the server
 * worded it for people.
 */
export function accountFailureInWords(
  failure: unknown,
  fieldWords: Record<string, string>,
): string {
  if (!(failure instanceof SiteApiError)) return 'Jiffy could not be reached. Try again.';
  const field = failure.details.field;
  if (failure.code === 'invalid_request')
    return (
      (field && fieldWords[field]) || 'Jiffy could not read that. Check the form and try again.'
    );
  return failure.message;
}
