import type { Kysely } from 'kysely';
import { findRow } from '../../db/rows.ts';
import type { Database, ImagesTable } from '../../db/schema.ts';

export type ImageRow = ImagesTable;

const COLUMNS = [
  'id',
  'item_id',
  'src',
  'thumbnail_src',
  'width',
  'height',
  'created_at',
  'updated_at',
] as const;

export const imagesRepo = {
  async listForItem(db: Kysely<Database>, itemId: string): Promise<ImageRow[]> {
    return db
      .selectFrom('images')
      .select(COLUMNS)
      .where('item_id', '=', itemId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
  },

  find: (db: Kysely<Database>, itemId: string, id: string) =>
    findRow(db, 'images', { id, item_id: itemId }),

  /** Whether any image already uses one of these files. */
  async usesAnyOf(db: Kysely<Database>, srcs: string[]): Promise<boolean> {
    const row = await db
      .selectFrom('images')
      .select('id')
      .where((eb) => eb.or([eb('src', 'in', srcs), eb('thumbnail_src', 'in', srcs)]))
      .executeTakeFirst();
    return Boolean(row);
  },

  async insert(db: Kysely<Database>, image: ImageRow): Promise<void> {
    await db.insertInto('images').values(image).execute();
  },

  async delete(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('images').where('id', '=', id).execute();
  },
};
