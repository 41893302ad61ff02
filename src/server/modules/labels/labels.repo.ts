import type { Kysely } from 'kysely';
import type { Label } from '../../../common/schemas/label.ts';
import type { Database } from '../../db/schema.ts';

/** A label with the name of the item it is on, as the API shows it. */
const labelWithItem = (db: Kysely<Database>) =>
  db
    .selectFrom('labels')
    .leftJoin('items', 'items.id', 'labels.item_id')
    .select(['labels.id', 'labels.item_id', 'items.name as name', 'labels.updated_at']);

export const labelsRepo = {
  async find(db: Kysely<Database>, code: string): Promise<Label | undefined> {
    return labelWithItem(db).where('labels.id', '=', code).executeTakeFirst();
  },

  async listForItem(db: Kysely<Database>, itemId: string): Promise<Label[]> {
    return labelWithItem(db)
      .where('labels.item_id', '=', itemId)
      .orderBy('labels.updated_at', 'desc')
      .orderBy('labels.id')
      .execute();
  },

  /** False when a label with this code already exists (created by a concurrent request). */
  async insert(
    db: Kysely<Database>,
    label: { id: string; item_id: string | null; now: string },
  ): Promise<boolean> {
    const result = await db
      .insertInto('labels')
      .values({
        id: label.id,
        item_id: label.item_id,
        name: null,
        created_at: label.now,
        updated_at: label.now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /**
   * Moves a label, but only if it is still where the caller saw it: false means another
   * request moved it in between, and the caller must not record a change it did not make.
   */
  async move(
    db: Kysely<Database>,
    code: string,
    from: string | null,
    to: string | null,
    now: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('labels')
      .set({ item_id: to, updated_at: now })
      .where('id', '=', code)
      .where('item_id', from === null ? 'is' : '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
