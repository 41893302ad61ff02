import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { itemsRepo, type ItemRef } from './items.repo.ts';

/**
 * The item a label, image or component is added to or taken from, or 404: the one
 * lookup the modules hanging things on items share (with itemChangesRepo.touch for the write).
 */
export async function findItemRef(db: Kysely<Database>, id: string): Promise<ItemRef> {
  const item = await itemsRepo.ref(db, id);
  if (!item) throw notFound('Item');
  return item;
}
