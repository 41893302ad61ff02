import { Readable } from 'node:stream';
import type { z } from 'zod';

/**
 * Values as the elements of a JSON array, without the brackets: each through its contract
 * schema, then serialized. The read workers call this for the unpaged item list
 * (db/read-jobs.ts), so the request thread only passes the text on.
 */
export function jsonElements(values: readonly unknown[], element: z.ZodType): string {
  return values.map((value) => JSON.stringify(element.parse(value))).join(',');
}

/**
 * A JSON array written a batch at a time: a route answering with one never holds, parses
 * or serializes the whole list at once, and the event loop serves other requests between
 * batches. Each batch arrives already serialized (`jsonElements`, '' for none), so writing
 * it is all the request thread does: at a million items, parsing and serializing 250
 * items on the request thread was what health checks waited behind (docs/decisions.md,
 * "The unpaged list at a million items").
 */
export class StreamedJson {
  readonly stream: Readable;

  constructor(batches: AsyncIterable<string>) {
    async function* chunks() {
      let first = true;
      yield '[';
      for await (const elements of batches) {
        if (elements === '') continue;
        yield (first ? '' : ',') + elements;
        first = false;
        // SQLite answers synchronously and loopback sockets rarely push back: without this
        // the whole list would still be written in one turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
      yield ']';
    }
    this.stream = Readable.from(chunks(), { objectMode: false });
  }
}
