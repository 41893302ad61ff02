import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL,
  IMPORT_MAX_COLUMN_NAME,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
} from '../../../common/schemas/import-limits.ts';
import type { ImportQuery } from '../../../common/schemas/import.ts';
import { AppError, badRequest, tooLarge } from '../../errors.ts';
import { readLimited } from '../uploads/read-limited.ts';
import { restoreFormula } from './csv-formulas.ts';

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';
export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvFile {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** Every column's name, at most IMPORT_MAX_COLUMNS. */
  header: string[];
  /**
   * Data rows with their spreadsheet row number (the header is row 1). Read through a
   * mapping, `cells` holds only the mapped columns, at their header index (the others
   * are holes): nobody asked for them, so they are not kept.
   */
  rows: Array<{ row: number; cells: string[] }>;
}

/** Parses a file's bytes, off the request thread (csv-parser.ts). */
export type CsvParser = (bytes: Buffer, query: ImportQuery) => Promise<CsvFile>;

export const TOO_LARGE =
  'The file is too large: at most 20 MB can be imported. Split it into parts.';
const SLICE = 256 * 1024;

/**
 * Reads a CSV request body as spreadsheets write them (docs/decisions.md#import-and-export).
 * The bytes are held once, within the 20 MiB limit, because the encoding can only be
 * decided on the whole file: a Windows-1252 "é" may first appear on row 9,000. `parse`
 * then reads them on a worker thread (parseCsvBytes), keeping the columns `query` maps.
 */
export async function readCsv(
  body: Readable | undefined,
  declaredLength: number | undefined,
  query: ImportQuery,
  parse: CsvParser,
): Promise<CsvFile> {
  if (declaredLength !== undefined && declaredLength > IMPORT_MAX_BYTES) throw tooLarge(TOO_LARGE);
  if (!body) throw badRequest('The request has no CSV file.', 'empty_file');
  let bytes: Buffer;
  try {
    bytes = await readLimited(body, IMPORT_MAX_BYTES, declaredLength);
  } catch (err) {
    if ((err as { status?: number }).status === 413) throw tooLarge(TOO_LARGE);
    throw err;
  }
  return parse(bytes, query);
}

/**
 * The file's text decoded slice by slice straight into the CSV parser, so the decoded
 * file is never held whole. Past IMPORT_MAX_COLUMNS columns, IMPORT_MAX_CELL characters
 * in a cell, IMPORT_MAX_ROW_CHARS in a row or IMPORT_MAX_ROWS rows the file is refused as
 * soon as the parser gets there (docs/decisions.md#security-resource-limits): a header of
 * 9.5 million commas was read whole before, for seconds and hundreds of megabytes. `keep`
 * names the columns whose cells are kept, from the header; without it all are.
 */
export async function parseCsvBytes(
  bytes: Buffer,
  keep?: (header: string[]) => number[],
): Promise<CsvFile> {
  const { encoding, start } = detectEncoding(bytes);
  const decoder = new TextDecoder(encoding);
  const first = decoder.decode(bytes.subarray(start, start + 64 * 1024), { stream: false });
  const delimiter = detectDelimiter(first);
  if (!first.trim()) throw badRequest('The file is empty.', 'empty_file');

  const slices = function* () {
    const streaming = new TextDecoder(encoding);
    for (let at = start; at < bytes.length; at += SLICE) {
      yield streaming.decode(bytes.subarray(at, at + SLICE), { stream: true });
    }
    const rest = streaming.decode();
    if (rest) yield rest;
  };
  const parser = Readable.from(slices(), { objectMode: false }).pipe(
    parse({
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      // Past 200 columns the separators of a row are no longer split on: a row with more
      // columns ends as 201 cells (refused below) or, when long, as one growing last cell,
      // stopped by max_record_size. The record never grows to millions of cells.
      ignore_last_delimiters: IMPORT_MAX_COLUMNS + 1,
      max_record_size: IMPORT_MAX_ROW_CHARS,
    }),
  );

  let header: string[] | null = null;
  let kept: number[] | null = null;
  const rows: CsvFile['rows'] = [];
  // Spreadsheet rows: one per record, blank ones included (quoted newlines do not count).
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      checkRecord(record, row);
      if (!header) {
        header = record.map((h) => h.trim());
        checkHeader(header);
        kept = keep ? keep(header) : null;
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (rows.length === IMPORT_MAX_ROWS) {
        throw badRequest(
          `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows: at most that many can be imported at once. Split it into parts.`,
          'invalid_csv',
        );
      }
      rows.push({ row, cells: (kept ? only(record, kept) : record).map(restoreFormula) });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as {
      code?: string;
      message?: string;
      lines?: number;
      index?: number;
      records?: number;
    };
    // The parser runs ahead of this loop: its own count says which row it stopped in.
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw rowTooLong((e.records ?? row) + 1, e.index ?? 0);
    throw badRequest(
      `The file is not valid CSV${e.lines ? ` near line ${e.lines}` : ''}: ${csvProblem(e)}`,
      'invalid_csv',
    );
  } finally {
    parser.destroy();
  }
  if (!header || header.every((h) => h === ''))
    throw badRequest('The file has no header row.', 'empty_file');
  return { encoding, delimiter, header, rows };
}

function checkRecord(record: string[], row: number): void {
  if (record.length > IMPORT_MAX_COLUMNS) throw tooManyColumns(row);
  const long = record.findIndex((cell) => cell.length > IMPORT_MAX_CELL);
  if (long >= 0) {
    throw badRequest(
      `Row ${row}, column ${long + 1} has more than ${IMPORT_MAX_CELL.toLocaleString('en')} characters, more than a spreadsheet cell holds.`,
      'invalid_csv',
    );
  }
}

/** A record stopped by max_record_size: `cells` were read before it. */
function rowTooLong(row: number, cells: number): AppError {
  if (cells >= IMPORT_MAX_COLUMNS) return tooManyColumns(row);
  return badRequest(
    `Row ${row} has more than ${IMPORT_MAX_ROW_CHARS.toLocaleString('en')} characters: at most that many can be imported in one row.`,
    'invalid_csv',
  );
}

/** The kept cells at their own index; the rest stay holes, which take no memory. */
function only(record: string[], kept: number[]): string[] {
  const cells: string[] = [];
  for (const index of kept) if (index < record.length) cells[index] = record[index]!;
  return cells;
}

function tooManyColumns(row: number): AppError {
  return badRequest(
    `Row ${row} has more than ${IMPORT_MAX_COLUMNS} columns: at most ${IMPORT_MAX_COLUMNS} can be imported. Remove the columns you do not need.`,
    'invalid_csv',
  );
}

/** Column names are shown to pick from: a first row of long texts is not a header. */
function checkHeader(header: string[]): void {
  const long = header.findIndex((h) => h.length > IMPORT_MAX_COLUMN_NAME);
  if (long >= 0) {
    throw badRequest(
      `The name of column ${long + 1} is longer than ${IMPORT_MAX_COLUMN_NAME} characters: the first row must name the columns.`,
      'invalid_csv',
    );
  }
}

function csvProblem(e: { code?: string; message?: string }): string {
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is never closed.';
  if (e.code === 'CSV_INVALID_CLOSING_QUOTE') return 'a quote inside a field is not doubled ("").';
  return e.message ?? 'it could not be read.';
}

/**
 * UTF-8 with or without BOM (Excel's "CSV UTF-8" writes one), UTF-16 with BOM (Excel's
 * "Unicode text"), and otherwise Windows-1252, what Excel writes as plain "CSV" on
 * Western Windows: any byte sequence that is not valid UTF-8 is read as that.
 */
export function detectEncoding(bytes: Buffer): { encoding: CsvEncoding; start: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', start: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', start: 2 };
  return isUtf8(bytes) ? { encoding: 'utf-8', start: 0 } : { encoding: 'windows-1252', start: 0 };
}

/** The separator used most on the header line, outside quotes; a comma when none is. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as CsvDelimiter]++;
  }
  const best = (Object.entries(counts) as [CsvDelimiter, number][]).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}
