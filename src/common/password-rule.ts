/**
 * The rule for a new password, in one place for the server's schema (schemas/common.ts) and
 * the pages that check a password without loading zod (resetting a forgotten password is
 * one of the first pages a member may open, so it stays light).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const passwordMessages = {
  /** `label` names the field: "New password is required" on a form. */
  required: (label: string) => `${label} is required`,
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'Password is too long',
};

/** What is wrong with a new password, in the schema's words, or null when nothing is. */
export function newPasswordProblem(value: string, label = 'Password'): string | null {
  if (!value) return passwordMessages.required(label);
  if (value.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  return null;
}
