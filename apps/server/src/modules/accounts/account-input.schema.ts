import { z } from 'zod';
import { emailAddress as email } from '../../platform/http/input-schemas.ts';

const password = z.string().min(10, 'at least 10 characters').max(200);

export const registerSchema = z.strictObject({
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{2,30}$/, 'letters, digits and underscores, 2–30 characters'),
  email,
  password,
});

export const confirmSchema = z.union([
  z.strictObject({ token: z.string().min(20).max(100) }),
  z.strictObject({ email, code: z.string().regex(/^\d{6}$/, 'six digits') }),
]);

export const emailOnlySchema = z.strictObject({ email });

export const resetSchema = z.union([
  z.strictObject({ token: z.string().min(20).max(100), password }),
  z.strictObject({ email }),
]);

/** The login URL's loginType has the form platform_action; anything else is not recorded. */
const loginType = z
  .string()
  .max(60)
  .optional()
  .transform((v) => (v && /^[a-z0-9]+_[a-z0-9]+$/i.test(v) ? v : null));

export const loginSchema = z.strictObject({
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  loginType,
});
