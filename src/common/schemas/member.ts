import { z } from 'zod';
import {
  PASSWORD_MIN_LENGTH,
  currentPasswordSchema,
  idSchema,
  newPasswordSchema,
  timestampSchema,
  versionField,
  versionSchema,
} from './common.ts';

export { PASSWORD_MIN_LENGTH };

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254)
  .pipe(z.email('Enter a valid email address'));

export const passwordSchema = newPasswordSchema();

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
  password: currentPasswordSchema('Password'),
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
  current_password: currentPasswordSchema('Current password'),
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
