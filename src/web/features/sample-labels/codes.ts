import { LABEL_ALPHABET, LABEL_LENGTH, scanLink } from '../../../common/label-code.ts';

// 32 characters: the low 5 bits of a random byte pick one uniformly (no modulo bias).
if (LABEL_ALPHABET.length !== 32) throw new Error('LABEL_ALPHABET must have 32 characters');

/** The most labels one sheet may hold; beyond that a browser tab struggles with the PDF. */
export const SAMPLE_LABELS_MAX = 10_000;
export const SAMPLE_LABELS_DEFAULT = 100;
/** Spec section 9: 30 labels in the preview, QR image size 300. */
export const PREVIEW_COUNT = 30;
export const PREVIEW_QR_SIZE = 300;
/** The download's fixed file name (spec section 9). */
export const CSV_FILE_NAME = 'yardkeep-labels.csv';

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** `count` distinct label codes from a cryptographic random source (60 bits each). */
export function generateLabelCodes(count: number, fill: RandomFill = cryptoFill): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = fill(new Uint8Array(LABEL_LENGTH));
    let code = '';
    for (const byte of bytes) code += LABEL_ALPHABET[byte & 31];
    codes.add(code);
  }
  return [...codes];
}

/** The CSV of spec section 2: columns link and id, one label a row. */
export function labelsCsv(codes: readonly string[], publicUrl: string): string {
  const rows = codes.map((code) => `${csvField(scanLink(publicUrl, code))},${code}`);
  return ['link,id', ...rows].join('\r\n') + '\r\n';
}

// Codes are [0-9A-Z]; a PUBLIC_URL could hold a comma or a quote, so quote when needed.
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
