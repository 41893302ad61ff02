import type { FastifyInstance } from 'fastify';
import type { ItemInput } from '../../src/common/schemas/item.ts';
import { createItem } from '../../src/server/modules/items/items.service.ts';
import { addItemComponent } from '../../src/server/modules/items/item-components.service.ts';
import { buildMember } from './members.ts';

/** An old timestamp, so a test can tell that a change touched updated_at. */
export const LONG_AGO = '2020-01-01T00:00:00.000Z';

/**
 * An item created through the items service, as the app creates one: its search document and
 * feed entry exist too. The one way tests make items. With `updated_at`, the stored timestamp
 * is then set back to it, so a test can tell whether a later write touched the item.
 */
export async function buildItem(
  app: FastifyInstance,
  overrides: ItemInput & { updated_at?: string } = {},
) {
  const { updated_at, ...input } = overrides;
  const item = await createItem(app, { name: 'Item', ...input }, null);
  if (updated_at === undefined) return item;
  await app.db.updateTable('items').set({ updated_at }).where('id', '=', item.id).execute();
  return { ...item, updated_at };
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
