import type { Socket } from 'node:net';

/**
 * Waits for `work` with the connection's idle timeout (SERVER_TIMEOUTS.idleMs, 60 s) off,
 * then puts it back. The idle timeout is for clients that send nothing; a request waiting
 * for a PDF in the bounded queue (docs/decisions.md#security-resource-limits) receives
 * nothing until the PDF is drawn, and at 2 drawing + 4 waiting 5,000-label PDFs on a busy
 * machine the last ones were cut at 60 s, after all the work, instead of being answered.
 */
export async function withoutIdleTimeout<T>(
  socket: Socket | null | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const idleMs = socket?.timeout;
  if (!socket || !idleMs) return work();
  socket.setTimeout(0);
  try {
    return await work();
  } finally {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  }
}
