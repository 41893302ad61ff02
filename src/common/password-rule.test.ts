import { describe, expect, it } from 'vitest';
import { newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule.ts';
import { newPasswordSchema } from './schemas/common.ts';

/** The schema's first complaint, as the server answers it, or null when it accepts. */
const schemaProblem = (value: string, label: string) => {
  const result = newPasswordSchema(label).safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the new-password rule', () => {
  const cases = [
    '',
    'a',
    'x'.repeat(PASSWORD_MIN_LENGTH - 1),
    'x'.repeat(PASSWORD_MIN_LENGTH),
    'correct horse battery staple',
    'x'.repeat(PASSWORD_MAX_LENGTH),
    'x'.repeat(PASSWORD_MAX_LENGTH + 1),
  ];

  it('refuses what the server refuses, in the same words, and accepts what it accepts', () => {
    for (const value of cases) {
      for (const label of ['Password', 'New password']) {
        expect(newPasswordProblem(value, label), `${value.length} characters`).toBe(
          schemaProblem(value, label),
        );
      }
    }
  });

  it('says which field is missing, and why a short or long one is refused', () => {
    expect(newPasswordProblem('', 'New password')).toBe('New password is required');
    expect(newPasswordProblem('short')).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('x'.repeat(257))).toBe('Password is too long');
    expect(newPasswordProblem('long enough')).toBeNull();
  });
});
