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

/**
 * A label code from what was typed, pasted or scanned: the code itself (any case, with
 * or without dashes) or a scan link, whose last path segment is the code. Null when it
 * is neither.
 */
export function labelCodeFrom(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let candidate = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const segments = new URL(text).pathname.split('/').filter(Boolean);
      candidate = decodeURIComponent(segments[segments.length - 1] ?? '');
    } catch {
      return null;
    }
  }
  return normalizeLabelCode(candidate);
}

// The alphabet has exactly 32 characters, so the low 5 bits of a random byte pick one
// uniformly; a modulo over any other length would favour the first characters.
if (LABEL_ALPHABET.length !== 32) throw new Error('LABEL_ALPHABET must have 32 characters');

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

const codeOf = (bytes: Uint8Array, start: number) => {
  let code = '';
  for (let i = start; i < start + LABEL_LENGTH; i++) code += LABEL_ALPHABET[bytes[i]! & 31];
  return code;
};

/** A new label code from a cryptographic source: 12 characters, 60 bits. */
export function generateLabelCode(fill: RandomFill = cryptoFill): string {
  return codeOf(fill(new Uint8Array(LABEL_LENGTH)), 0);
}

/**
 * getRandomValues fills at most 65,536 bytes a call. A call costs about 20 µs on a busy
 * server, whatever its size: 5,000 codes drawn one call each held the event loop for
 * most of a second (issue 25), drawn in one call they take a millisecond.
 */
const CODES_PER_FILL = Math.floor(65536 / LABEL_LENGTH);

/** `count` distinct codes, e.g. for a sheet of labels to print. */
export function generateLabelCodes(count: number, fill: RandomFill = cryptoFill): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const batch = Math.min(count - codes.size, CODES_PER_FILL);
    const bytes = fill(new Uint8Array(batch * LABEL_LENGTH));
    for (let n = 0; n < batch; n++) codes.add(codeOf(bytes, n * LABEL_LENGTH));
  }
  return [...codes];
}

export function formatLabelCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

/** The scan link printed on a label. */
export function scanLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/scan/${code}`;
}
