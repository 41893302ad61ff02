import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from '../../lib/storage.ts';
import { uploadReferencesRepo } from './upload-references.repo.ts';

/**
 * An upload no row names this long after it was stored is removed (docs/decisions.md,
 * "Files in an object store"): a photo uploaded and never attached, the second upload of
 * a re-sent offline damage photo, the files of a restore that crashed half-way. A day is
 * far longer than any form stays open between its upload and its save.
 */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Lists the store (folder or bucket) and deletes every upload older than a day that no
 * row refers to. Run by the hourly purge under its lease, so one instance at a time.
 * Returns how many files it removed; stops between batches when `signal` aborts.
 */
export async function removeOrphanUploads(
  app: FastifyInstance,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const storedBefore = now.getTime() - ORPHAN_AFTER_MS;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const srcs = batch.map((key) => `${UPLOADS_URL_PREFIX}/${key}`);
    const used = await uploadReferencesRepo.referenced(app.db, srcs);
    for (const src of srcs) {
      if (used.has(src)) continue;
      await app.storage.delete(src.slice(UPLOADS_URL_PREFIX.length + 1));
      removed++;
    }
    batch = [];
  };
  for await (const file of app.storage.list()) {
    if (signal?.aborted) return removed;
    if (file.modifiedAt.getTime() > storedBefore) continue;
    batch.push(file.key);
    if (batch.length === BATCH) await sweep();
  }
  if (batch.length > 0 && !signal?.aborted) await sweep();
  if (removed > 0) app.log.info(`Removed ${removed} uploaded files no record used for a day.`);
  return removed;
}
