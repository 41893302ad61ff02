import { Readable } from 'node:stream';
import type { z } from 'zod';

/**
 * A JSON array written a batch at a time: a route answering with one never holds, parses
 * or serializes the whole list at once, and the event loop serves other requests between
 * batches. Every element still passes through its contract schema on the way out.
 */
export class StreamedJson {
  readonly stream: Readable;

  constructor(batches: AsyncIterable<unknown[]>, element: z.ZodType) {
    async function* chunks() {
      let first = true;
      yield '[';
      for await (const batch of batches) {
        const parts = batch.map((value) => JSON.stringify(element.parse(value)));
        if (parts.length === 0) continue;
        yield (first ? '' : ',') + parts.join(',');
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
