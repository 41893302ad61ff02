import type { FastifyInstance } from 'fastify';
import { storageFailureReason } from './storage.ts';

/**
 * The start-up line about the file store: where files go, or why they cannot. A store that
 * is down does not stop the server (items, labels and scans still work, and with several
 * instances a restart loop helps nobody): file requests answer 503 until it is back.
 */
export async function reportStorageAtStart(app: FastifyInstance): Promise<boolean> {
  try {
    await app.storage.check();
    app.log.info(`Files are stored in ${app.storage.location}.`);
    return true;
  } catch (error) {
    app.log.error(
      `The file store ${app.storage.location} cannot be used: ${storageFailureReason(error)}. ` +
        'Uploads and images answer 503 until it can.',
    );
    return false;
  }
}
