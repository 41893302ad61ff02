import type { FastifyInstance } from 'fastify';
import { itemComponentsApi, itemsApi } from '../../../common/api/items.ts';
import { publicItemSchema } from '../../../common/schemas/item.ts';
import { withItemAbilities } from '../../../common/job-stages.ts';
import { route } from '../../http/route.ts';
import * as allocation from './allocation.service.ts';
import * as components from './item-components.service.ts';
import * as items from './items.service.ts';

/** Items, their components, and the manifest views built from allocated items. */
export function registerItemRoutes(app: FastifyInstance): void {
  // Item answers carry what the caller may do next with each item (src/common/job-stages.ts);
  // the list, a search result that offers no action, goes without.
  route(app, itemsApi.list, async ({ query, user }) => items.listItems(app, user, query));

  route(app, itemsApi.read, async ({ params, user, role }) => {
    const item = await items.readItem(app, params.id, user);
    // Belt and braces: the service never reads the scanner for anonymous visitors, and
    // the public schema drops it should it ever be there.
    return user ? withItemAbilities(role, item) : publicItemSchema.parse(item);
  });

  route(app, itemsApi.create, async ({ body, user, role }) =>
    withItemAbilities(role, await items.createItem(app, body, user)),
  );

  route(app, itemsApi.update, async ({ params, body, user, role, expectedVersion }) => {
    const { version: _version, ...fields } = body;
    const item = await items.updateItem(app, params.id, fields, user, expectedVersion);
    return withItemAbilities(role, item);
  });

  route(app, itemsApi.remove, async ({ params, user }) => {
    await items.deleteItem(app, params.id, user);
    return { ok: true as const };
  });

  route(app, itemsApi.allocate, async ({ body, user, role, expectedVersion }) =>
    withItemAbilities(role, await allocation.allocate(app, body, user, expectedVersion)),
  );

  route(app, itemsApi.manifestItems, async ({ params, user, role }) =>
    (await allocation.manifestItems(app, params.id, user)).map((i) => withItemAbilities(role, i)),
  );

  route(app, itemsApi.manifestComponents, async ({ params, user }) =>
    allocation.manifestComponents(app, params.id, user),
  );

  route(app, itemComponentsApi.list, async ({ params }) =>
    components.listItemComponents(app, params.id),
  );

  route(app, itemComponentsApi.add, async ({ params, body, user }) =>
    components.addItemComponent(app, params.id, body, user),
  );

  route(app, itemComponentsApi.update, async ({ params, body, user, expectedVersion }) =>
    components.updateItemComponent(
      app,
      params.itemId,
      params.componentId,
      body.count,
      user,
      expectedVersion,
    ),
  );

  route(app, itemComponentsApi.remove, async ({ params, user }) => {
    await components.removeItemComponent(app, params.itemId, params.componentId, user);
    return { ok: true as const };
  });
}
