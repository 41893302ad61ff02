import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { ItemComponent } from '../../../common/schemas/item-component.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { nowIso } from '../../lib/ids.ts';
import { itemActivity, type Actor } from '../activity/activity.repo.ts';
import { isUniqueViolation } from '../catalog/named.repo.ts';
import { assertReferencesExist } from '../catalog/references.ts';
import { itemComponentsRepo } from './item-components.repo.ts';
import { findItemRef } from './item-ref.ts';
import { itemsRepo } from './items.repo.ts';

/** Public like the item itself: anyone who may read an item may read what it holds. */
export async function listItemComponents(
  app: FastifyInstance,
  itemId: string,
): Promise<ItemComponent[]> {
  await findItemRef(app.db, itemId);
  return itemComponentsRepo.list(app.db, itemId);
}

export async function addItemComponent(
  app: FastifyInstance,
  itemId: string,
  input: { component_id: string; count: number },
  actor: Actor,
): Promise<ItemComponent> {
  await app.db.transaction().execute(async (trx) => {
    const item = await findItemRef(trx, itemId);
    await assertReferencesExist(trx, { component_id: input.component_id });
    const duplicate = () =>
      conflict('This component is already on the item; change its count instead.');
    if (await itemComponentsRepo.find(trx, itemId, input.component_id)) throw duplicate();
    const now = nowIso();
    try {
      await itemComponentsRepo.insert(trx, itemId, input, now);
    } catch (err) {
      // Two requests adding the same component at once: the primary key decides.
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
    await itemChanged(trx, item, actor, now);
  });
  return mustFind(app, itemId, input.component_id);
}

export async function updateItemComponent(
  app: FastifyInstance,
  itemId: string,
  componentId: string,
  count: number,
  actor: Actor,
  expected?: ExpectedVersion,
): Promise<ItemComponent> {
  await app.db.transaction().execute(async (trx) => {
    const item = await findItemRef(trx, itemId);
    if (!(await itemComponentsRepo.find(trx, itemId, componentId))) {
      throw notFound('Item component');
    }
    const now = nowIso();
    if (!(await itemComponentsRepo.setCount(trx, itemId, componentId, count, now, expected))) {
      const latest = await itemComponentsRepo.find(trx, itemId, componentId);
      throw latest ? staleVersion('Item component', latest) : notFound('Item component');
    }
    await itemChanged(trx, item, actor, now);
  });
  return mustFind(app, itemId, componentId);
}

export async function removeItemComponent(
  app: FastifyInstance,
  itemId: string,
  componentId: string,
  actor: Actor,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const item = await findItemRef(trx, itemId);
    if (!(await itemComponentsRepo.find(trx, itemId, componentId))) {
      throw notFound('Item component');
    }
    const now = nowIso();
    await itemComponentsRepo.delete(trx, itemId, componentId);
    await itemChanged(trx, item, actor, now);
  });
}

/** What an item contains is part of the item: its updated_at moves and the feed says so. */
async function itemChanged(
  trx: Transaction<Database>,
  item: { id: string; name: string | null },
  actor: Actor,
  now: string,
): Promise<void> {
  await itemsRepo.touch(trx, item.id, now);
  await itemActivity(trx, actor, item, 'UPDATE');
}

async function mustFind(
  app: FastifyInstance,
  itemId: string,
  componentId: string,
): Promise<ItemComponent> {
  const row = await itemComponentsRepo.find(app.db, itemId, componentId);
  if (!row) throw notFound('Item component');
  return row;
}
