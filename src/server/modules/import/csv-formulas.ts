/**
 * A cell a spreadsheet would run as a formula: one starting with `= + - @`, TAB or CR
 * (OWASP's list, "CSV Injection"), or their full-width forms, which Apple Numbers reads
 * as the same. Leading quotes are looked through, so a value that already starts with
 * `'=` is quoted once more and the import's strip gives it back unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** For the export: a leading `'` makes spreadsheets show such a value as text. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * For the import: takes off the `'` the export added, so export → import is a round trip
 * (docs/decisions.md#import-and-export). Only before what the export would have quoted: a
 * hand-written `'Tis` stays as it is.
 */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
