import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { discardRest, LINGER_MAX_BYTES, readLimited } from './read-limited.ts';

const chunks = (sizes: number[]) => Readable.from(sizes.map((n) => Buffer.alloc(n, 1)));

describe('readLimited', () => {
  it('returns a body of exactly the limit', async () => {
    const bytes = await readLimited(chunks([4, 4, 2]), 10);
    expect(bytes.length).toBe(10);
  });

  it('refuses one byte more with a 413', async () => {
    const error = await readLimited(chunks([4, 4, 3]), 10).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
  });

  it('stops pulling from a long stream once past the limit', async () => {
    // 40 MB on offer; after the refusal only the stream's own read-ahead (16 KB) follows.
    let pulled = 0;
    const stream = new Readable({
      read() {
        pulled += 1;
        this.push(pulled > 10_000 ? null : Buffer.alloc(4096, 1));
      },
    });
    const error = await readLimited(stream, 10_000).catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect(pulled).toBeLessThan(20);
    expect(stream.isPaused()).toBe(true);
  });

  it('reports an interrupted upload as a 400', async () => {
    const stream = new Readable({ read() {} });
    const pending = readLimited(stream, 100);
    stream.push(Buffer.alloc(5));
    stream.destroy(new Error('socket hang up'));
    const error = await pending.catch((err: unknown) => err);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe('The upload was interrupted.');
  });

  it('drains what is left after a refusal, but only so much', async () => {
    let pulled = 0;
    const chunkSize = 1024 * 1024;
    const total = (2 * LINGER_MAX_BYTES) / chunkSize;
    const stream = new Readable({
      read() {
        pulled += 1;
        this.push(pulled > total ? null : Buffer.alloc(chunkSize));
      },
    });
    discardRest(stream);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.destroyed).toBe(true);
    expect(pulled).toBeGreaterThan(LINGER_MAX_BYTES / chunkSize);
    expect(pulled).toBeLessThan(total);
  });

  it('leaves a short remainder to end normally', async () => {
    const stream = chunks([10, 10]);
    discardRest(stream);
    await new Promise((resolve) => stream.once('end', resolve));
    expect(stream.readableEnded).toBe(true);
  });
});
