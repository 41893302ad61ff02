import {
  IMPORT_FIELD_ALIASES,
  IMPORT_FIELDS,
  type ImportField,
} from '../../../common/schemas/import-limits.ts';
import type { ImportQuery } from '../../../common/schemas/import.ts';
import { badRequest } from '../../errors.ts';

/** Column index per mapped field. */
export type Mapping = Partial<Record<ImportField, number>>;

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/**
 * Fields named in the query (`map.name=Description`) take that column; an empty value
 * leaves the field out. Every other field takes a column whose header is its name or a
 * known alias, so an exported file maps itself.
 */
export function resolveMapping(header: string[], query: ImportQuery): Mapping {
  const mapping: Mapping = {};
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const wanted = query[`map.${field}`];
    if (wanted === undefined) continue;
    if (wanted.trim() === '') continue;
    let index = header.indexOf(wanted.trim());
    if (index < 0) index = header.findIndex((h) => norm(h) === norm(wanted));
    if (index < 0) throw badRequest(`map.${field}: the file has no column '${wanted}'.`);
    mapping[field] = index;
    taken.add(index);
  }
  for (const field of IMPORT_FIELDS) {
    if (query[`map.${field}`] !== undefined) continue;
    const names = [field, ...IMPORT_FIELD_ALIASES[field]];
    const index = header.findIndex((h, i) => !taken.has(i) && names.includes(norm(h)));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  if (Object.keys(mapping).length === 0) {
    throw badRequest(
      `No column of the file maps to an item field. Name the columns (${IMPORT_FIELDS.join(', ')}) or map them with map.<field>=<column>.`,
    );
  }
  return mapping;
}
