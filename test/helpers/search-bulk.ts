import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

export interface BulkItem {
  id: string;
  client_id: string;
  name: string;
  status?: string;
  note?: string;
  component_name?: string;
  location?: { id: string; name: string };
  /** The client's name, as the document holds it (left out: no name). */
  client_name?: string;
}

/**
 * Items and their search documents (folded), inserted directly: more than a search's cap
 * of them in a second, where the API would take minutes. In the order given, which is the
 * table's order on disk for a fresh table.
 */
export async function insertInBulk(db: Kysely<Database>, items: BulkItem[]): Promise<void> {
  const now = new Date().toISOString();
  const fold = (text: string | undefined) => text?.toLowerCase() ?? null;
  for (let i = 0; i < items.length; i += 200) {
    const chunk = items.slice(i, i + 200);
    await db
      .insertInto('items')
      .values(
        chunk.map((r) => ({
          id: r.id,
          name: r.name,
          client_id: r.client_id,
          status: r.status ?? null,
          location_id: r.location?.id ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('item_search')
      .values(
        chunk.map((r) => ({
          item_id: r.id,
          client_id: r.client_id,
          name: fold(r.name),
          status: fold(r.status),
          note: fold(r.note),
          component_name: fold(r.component_name),
          location_id: r.location?.id ?? null,
          location_name: fold(r.location?.name),
          client_name: fold(r.client_name),
        })),
      )
      .execute();
  }
}
