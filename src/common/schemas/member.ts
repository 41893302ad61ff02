import { z } from 'zod';
import { idSchema, timestampSchema, versionField, versionSchema } from './common.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password is too long');

/** What a signed-in user learns about themselves. */
export const currentUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  is_admin: z.boolean(),
  client_id: idSchema.nullable(),
  email_verified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A member as admins see them in the Users tab. */
export const memberSchema = currentUserSchema.extend({
  client_name: z.string().nullable(),
  version: versionSchema,
  created_at: timestampSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const loginBody = z.strictObject({
  username: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});

export const createMemberBody = z.strictObject({
  username: emailSchema,
  password: passwordSchema,
  is_admin: z.boolean().optional(),
  client_id: idSchema.nullish(),
});

export const changePasswordBody = z.strictObject({ password: passwordSchema, ...versionField });

/** A member's own password change: the current password proves it is them. */
export const changeOwnPasswordBody = z.strictObject({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(256),
  password: passwordSchema,
});

export const verifyEmailBody = z.strictObject({ token: z.string().min(1).max(200) });

export const forgotBody = z.strictObject({ username: emailSchema });

export const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });

export const resetInfoSchema = z.object({ email: z.string() });

export const resetBody = z.strictObject({
  username: emailSchema,
  newPassword: passwordSchema,
});

export const messageSchema = z.object({ message: z.string() });

export const FORGOT_PASSWORD_MESSAGE = 'We sent you an email to reset your password.';
