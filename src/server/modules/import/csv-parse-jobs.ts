import type { ImportQuery } from '../../../common/schemas/import.ts';
import { parseCsvBytes } from './csv-read.ts';
import { resolveMapping } from './mapping.ts';

/**
 * What the CSV thread runs (csv-parser.ts): the file's bytes in, its header and the
 * mapped columns of its rows out. A mapping the header cannot satisfy is refused here,
 * before any row is read.
 */
export const jobs = {
  parse: ({ bytes, query }: { bytes: Uint8Array; query: ImportQuery }) =>
    parseCsvBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), (header) => [
      ...new Set(Object.values(resolveMapping(header, query))),
    ]),
};
