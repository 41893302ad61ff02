import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { UPLOADS_URL_PREFIX } from '../../lib/storage.ts';

/**
 * Which of these upload URLs a row still names. Every column that holds one of our
 * `/uploads/<key>` URLs must be listed here, or the orphan sweep removes its files a day
 * after they were uploaded (the activity feed's `ref_src` is a snapshot of something
 * deleted, not a reference: deleting an image deletes its files).
 */
export const uploadReferencesRepo = {
  async referenced(db: Kysely<Database>, srcs: string[]): Promise<Set<string>> {
    if (srcs.length === 0) return new Set();
    const rows = await db
      .selectFrom('images')
      .select(['src', 'thumbnail_src'])
      .where((eb) => eb.or([eb('src', 'in', srcs), eb('thumbnail_src', 'in', srcs)]))
      .execute();
    // Inspection certificates name their file by key, not by URL.
    const keys = srcs.map((src) => src.slice(UPLOADS_URL_PREFIX.length + 1));
    const certificates = await db
      .selectFrom('inspection_attachments')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute();
    return new Set([
      ...rows.flatMap((row) => [row.src, row.thumbnail_src ?? '']),
      ...certificates.map((row) => `${UPLOADS_URL_PREFIX}/${row.storage_key}`),
    ]);
  },
};
