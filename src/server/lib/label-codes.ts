import { randomBytes } from 'node:crypto';
import { LABEL_ALPHABET, LABEL_LENGTH } from '../../common/label-code.ts';

// The alphabet has exactly 32 characters, so the low 5 bits of a random byte pick one
// uniformly; a modulo over any other length would favour the first characters.
if (LABEL_ALPHABET.length !== 32) throw new Error('LABEL_ALPHABET must have 32 characters');

/** A new label code from a cryptographic source: 12 characters, 60 bits. */
export function generateLabelCode(): string {
  let code = '';
  for (const byte of randomBytes(LABEL_LENGTH)) code += LABEL_ALPHABET[byte & 31];
  return code;
}

/** `count` distinct codes, e.g. for a sheet of labels to print. */
export function generateLabelCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateLabelCode());
  return [...codes];
}
