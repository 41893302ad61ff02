import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '../password-rule.ts';
import { errorCodes } from '../api/error-codes.ts';

/** Ids of members, items, clients, ... are short random strings chosen by the server. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');

export const idParams = z.strictObject({ id: idSchema });

export const timestampSchema = z.string().describe('ISO 8601 timestamp');

/**
 * C0 control characters and DEL: PostgreSQL refuses NUL in text (a 500 before this
 * check), and nobody types the others on purpose (docs/decisions.md, Security).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same, except the line breaks and tabs a note may hold. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** One line of text: refuses every control character. */
export const singleLineText = (label: string, message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .refine((v) => !CONTROL_CHARACTERS.test(v), `${label} cannot contain control characters`);

/** Several lines of text: line breaks and tabs are kept, other control characters refused. */
export const multiLineText = (label: string, message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .refine(
      (v) => !CONTROL_CHARACTERS_BUT_LAYOUT.test(v),
      `${label} cannot contain control characters`,
    );

/** Free text typed by a person: trimmed, bounded, never null on the way in. */
export const nameSchema = (label: string, max = 200) =>
  singleLineText(label, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export { PASSWORD_MIN_LENGTH };

/**
 * A new password: the one rule of the server and the forms (common/password-rule.ts).
 * `label` names the field in "{label} is required" ("New password" on a form).
 */
export const newPasswordSchema = (label = 'Password') =>
  z
    .string({ error: passwordMessages.required(label) })
    .min(1, passwordMessages.required(label))
    .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
    .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong);

/** A password being checked, not set: only required. */
export const currentPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(256);

export const optionalText = (max: number, label = 'Note') =>
  multiLineText(label).trim().max(max).nullish();

/** Every failure's answer; `code` is one of the closed set in api/error-codes.ts. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A row's version (docs/decisions.md, "Versions and conflicts"): every answer carries it,
 * single reads also as an `ETag`. An update may send it back (this field or `If-Match`)
 * and is refused with 409 when the row changed meanwhile; without it the last writer wins.
 */
export const versionSchema = z
  .number({ error: 'version must be a number' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .describe('Bumped by every change to the editable fields');

/** Spread into an update body: the version the caller's edit was made from. */
export const versionField = { version: versionSchema.optional() };

/** The 409 answer to a stale version: the error plus the record as it is now. */
export const conflictBodySchema = (current: z.ZodType) =>
  z.object({
    error: z.object({
      code: z.literal('conflict'),
      message: z.string(),
      current,
    }),
  });

export const okSchema = z.object({ ok: z.literal(true) });

export const pageParams = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000),
});
