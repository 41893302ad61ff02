import type { FastifyInstance } from 'fastify';
import type { ItemComponent } from '../../../common/schemas/item-component.ts';
import { conflict } from '../../errors.ts';
import { itemActivity } from '../activity/activity.repo.ts';
import { countLinesService } from '../catalog/count-lines.service.ts';
import { assertReferencesExist } from '../catalog/references.ts';
import { itemComponentsRepo } from './item-components.repo.ts';
import { findItemRef } from './item-ref.ts';
import { itemChangesRepo } from './item-changes.repo.ts';
import type { ItemRef } from './items.repo.ts';

/** Public like the item itself: anyone who may read an item may read what it holds. */
export async function listItemComponents(
  app: FastifyInstance,
  itemId: string,
): Promise<ItemComponent[]> {
  await findItemRef(app.db, itemId);
  return itemComponentsRepo.list(app.db, itemId);
}

const lines = countLinesService<ItemRef, ItemComponent>({
  repo: itemComponentsRepo,
  noun: 'Item component',
  findOwner: findItemRef,
  // What an item contains is part of the item: it is the item that changed.
  async ownerChanged(trx, item, actor, now) {
    await itemChangesRepo.touch(trx, item.id, now);
    await itemActivity(trx, actor, item, 'UPDATE');
  },
  checkComponent: (db, id) => assertReferencesExist(db, { component_id: id }),
  duplicate: () => conflict('This component is already on the item; change its count instead.'),
});

export const addItemComponent = lines.add;
export const updateItemComponent = lines.setCount;
export const removeItemComponent = lines.remove;
