import type { Readable } from 'node:stream';
import { badRequest, tooLarge } from '../../errors.ts';

export const TOO_LARGE_MESSAGE = 'The file is too large: at most 20 MB can be uploaded.';

/**
 * After a refusal, how much more of the body is read and thrown away. A client that is
 * still sending does not read our 413 until it has finished; closing the connection on
 * it makes browsers report a network error instead. So the rest is drained for a while
 * ("lingering close"), then the connection is cut.
 */
export const LINGER_MAX_BYTES = 20 * 1048576;
export const LINGER_MAX_MS = 10_000;

/**
 * Collects a request body, refusing it as soon as it passes `max` bytes: nothing beyond
 * the limit is kept in memory or written anywhere. A refused stream is left paused (not
 * destroyed, which would cut the connection before the 413 goes out); the upload route
 * then drains it with discardRest once the answer is sent.
 *
 * With `expectedBytes` (a Content-Length within `max`), the body is copied into one buffer
 * of that size as it arrives, which owns its memory and can be moved to a worker thread:
 * collecting chunks and joining them held a 20 MB body twice at the end. Only for a route
 * that reads one body at a time (the CSV import), since the buffer is taken up front.
 */
export function readLimited(
  stream: Readable,
  max: number,
  expectedBytes?: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let whole =
      expectedBytes !== undefined && expectedBytes <= max
        ? Buffer.allocUnsafeSlow(expectedBytes)
        : null;

    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onError);
      if (error) {
        chunks.length = 0;
        whole = null;
        stream.pause();
        reject(error);
      } else if (whole) {
        resolve(size === whole.length ? whole : whole.subarray(0, size));
      } else {
        resolve(Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > max) return finish(tooLarge(TOO_LARGE_MESSAGE));
      if (whole && size <= whole.length) {
        bytes.copy(whole, size - bytes.length);
        return;
      }
      // More than announced: what was copied so far joins the chunks.
      if (whole) chunks.push(whole.subarray(0, size - bytes.length));
      whole = null;
      chunks.push(bytes);
    };
    const onEnd = () => finish(null);
    // 'close' before 'end' means the client went away mid-upload.
    const onError = () => finish(badRequest('The upload was interrupted.', 'upload_interrupted'));

    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onError);
  });
}

/**
 * Reads and drops whatever is left of a request body (after a refusal, or a 401 that
 * never read it), within LINGER_MAX_BYTES and LINGER_MAX_MS; past either, the stream and
 * with it the connection is destroyed. Without this, Node would read the rest of any
 * body, however large, to keep the connection alive.
 */
export function discardRest(stream: Readable): void {
  if (stream.readableEnded || stream.destroyed) return;
  let discarded = 0;
  const stop = () => {
    clearTimeout(timer);
    stream.off('data', onData);
    stream.off('end', stop);
  };
  const cut = () => {
    stop();
    stream.destroy();
  };
  const onData = (chunk: Buffer | string) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) cut();
  };
  const timer = setTimeout(cut, LINGER_MAX_MS);
  timer.unref();
  stream.on('data', onData);
  stream.on('end', stop);
  // Stays attached: an aborted client must not become an unhandled 'error'.
  stream.on('error', stop);
  stream.resume();
}
