/** The server's own rules for a new account, checked before sending (it checks again). */
export function joinErrors(input: { username: string; email: string; password: string }) {
  const errors: Partial<Record<'username' | 'email' | 'password', string>> = {};
  if (!/^[A-Za-z0-9_]{2,30}$/.test(input.username))
    errors.username = 'Letters, digits and underscores, 2–30 characters.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim()))
    errors.email = 'That is not an e-mail address.';
  if (input.password.length < 10) errors.password = 'At least 10 characters.';
  return errors;
}
