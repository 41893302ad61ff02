import type { FastifyInstance } from 'fastify';
import type { ItemInput } from '../../src/common/schemas/item.ts';
import { createItem } from '../../src/server/modules/items/items.service.ts';
import { addItemComponent } from '../../src/server/modules/items/item-components.service.ts';
import { buildMember } from './members.ts';

/** An item created through the items service, so its search document exists too. */
export async function buildItem(app: FastifyInstance, overrides: ItemInput = {}) {
  return createItem(app, { name: 'Item', ...overrides }, null);
}

/** A component with a count on an item, through the item components service. */
export async function buildItemComponent(
  app: FastifyInstance,
  itemId: string,
  componentId: string,
  count = 1,
) {
  const actor = await buildMember(app, { role: 'staff' });
  return addItemComponent(app, itemId, { component_id: componentId, count }, actor);
}
