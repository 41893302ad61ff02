import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { IMPORT_MAX_BYTES } from '../../../common/schemas/import.ts';
import { badRequest, tooLarge } from '../../errors.ts';
import { readLimited } from '../uploads/read-limited.ts';
import { restoreFormula } from './csv-formulas.ts';

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';
export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvFile {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  header: string[];
  /** Data rows with their spreadsheet row number (the header is row 1). */
  rows: Array<{ row: number; cells: string[] }>;
}

export const TOO_LARGE =
  'The file is too large: at most 20 MB can be imported. Split it into parts.';
const SLICE = 256 * 1024;

/**
 * Reads a CSV request body as spreadsheets write them (docs/decisions.md#import-and-export).
 * The bytes are held once, within the 20 MiB limit, because the encoding can only be
 * decided on the whole file: a Windows-1252 "é" may first appear on row 9,000. The text is
 * then decoded slice by slice straight into the CSV parser, so the decoded file is never
 * held whole.
 */
export async function readCsv(
  body: Readable | undefined,
  declaredLength?: number,
): Promise<CsvFile> {
  if (declaredLength !== undefined && declaredLength > IMPORT_MAX_BYTES) throw tooLarge(TOO_LARGE);
  if (!body) throw badRequest('The request has no CSV file.', 'empty_file');
  let bytes: Buffer;
  try {
    bytes = await readLimited(body, IMPORT_MAX_BYTES);
  } catch (err) {
    if ((err as { status?: number }).status === 413) throw tooLarge(TOO_LARGE);
    throw err;
  }
  return parseCsvBytes(bytes);
}

export async function parseCsvBytes(bytes: Buffer): Promise<CsvFile> {
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
    parse({ delimiter, relax_column_count: true, skip_empty_lines: false, info: true }),
  );

  let header: string[] | null = null;
  const rows: CsvFile['rows'] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      if (!header) {
        header = record.map((h) => h.trim());
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      rows.push({ row: info.records, cells: record.map(restoreFormula) });
    }
  } catch (err) {
    const e = err as { code?: string; message?: string; lines?: number };
    throw badRequest(
      `The file is not valid CSV${e.lines ? ` near line ${e.lines}` : ''}: ${csvProblem(e)}`,
      'invalid_csv',
    );
  }
  if (!header || header.every((h) => h === ''))
    throw badRequest('The file has no header row.', 'empty_file');
  return { encoding, delimiter, header, rows };
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
