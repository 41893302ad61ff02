import { z } from 'zod';

/**
 * Label codes: 12 characters of digits and uppercase letters, without the look-alikes
 * I, L, O and U (Crockford's base 32), shown as XXXX-XXXX-XXXX. Typed or scanned input
 * is normalised: case, dashes and spaces do not matter, and the look-alikes are read as
 * the characters they resemble, so a code copied from a worn label still resolves.
 */
export const LABEL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LABEL_LENGTH = 12;

const LOOK_ALIKES: Record<string, string> = { I: '1', L: '1', O: '0', U: 'V' };

/** The canonical 12-character code, or null when the input is not a label code. */
export function normalizeLabelCode(input: string): string | null {
  if (input.length > 40) return null;
  const compact = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[ILOU]/g, (c) => LOOK_ALIKES[c]!);
  if (compact.length !== LABEL_LENGTH) return null;
  for (const c of compact) if (!LABEL_ALPHABET.includes(c)) return null;
  return compact;
}

export function formatLabelCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

/** Request field or path parameter holding a label code, normalised; malformed is a 400. */
// Pure: a web page that needs only normalizeLabelCode() leaves zod out of its bundle.
export const labelCodeSchema = /* @__PURE__ */ z.string().transform((value, ctx) => {
  const code = normalizeLabelCode(value);
  if (!code) {
    ctx.addIssue({
      code: 'custom',
      message: 'Not a valid label code (12 letters and digits, like ABCD-EFGH-JKMN).',
    });
    return z.NEVER;
  }
  return code;
});

/** The scan link printed on a label. */
export function scanLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/scan/${code}`;
}
