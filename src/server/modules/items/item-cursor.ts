import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import type { NamePosition } from './item-list.repo.ts';

/**
 * The `cursor` of the item list: opaque to clients (base64url JSON). A plain list pages
 * by its sort keys (the folded name and the id of the last item shown); a search, whose
 * results are bounded, by position within them.
 */
const cursorSchema = z.union([
  z.strictObject({ n: z.string().max(400).nullable(), i: z.string().min(1).max(64) }),
  z.strictObject({ o: z.number().int().min(0).max(1_000_000) }),
]);

export const encodeNameCursor = (at: NamePosition) =>
  Buffer.from(JSON.stringify({ n: at.name, i: at.id })).toString('base64url');

export const encodeSearchCursor = (offset: number) =>
  Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

const invalid = () => badRequest('The cursor is not valid: start again from the first page.');

function decode(cursor: string): z.infer<typeof cursorSchema> {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the 400.
  }
  throw invalid();
}

/** A list cursor; a search cursor sent to a plain list is a 400. */
export function decodeNameCursor(cursor: string): NamePosition {
  const value = decode(cursor);
  if (!('i' in value)) throw invalid();
  return { name: value.n, id: value.i };
}

export function decodeSearchCursor(cursor: string): number {
  const value = decode(cursor);
  if (!('o' in value)) throw invalid();
  return value.o;
}
