import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ITEM_PAGE_DEFAULT, planSearch } from '../../../common/search.ts';
import type {
  Item,
  ItemInput,
  ItemListQuery,
  ItemPage,
  PublicItem,
} from '../../../common/schemas/item.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { keyFromSrc } from '../../lib/storage.ts';
import { recordActivity, type Actor } from '../activity/activity.repo.ts';
import { itemsRepo, type ItemValues } from './items.repo.ts';
import {
  encodeNameCursor,
  encodeSearchCursor,
  decodeNameCursor,
  decodeSearchCursor,
} from './item-cursor.ts';
import { allItems, countItems, itemsAfter, itemsAtOffset, searchItems } from './item-list.repo.ts';
import { refreshItemSearch } from './search.repo.ts';

/** Client users see their own client's items only; staff see all. */
export const scopeOf = (user: CurrentUser): string | null => user.client_id;

/**
 * The item list (docs/decisions.md): without parameters every visible item sorted by
 * name, as the spec's app expects; with any parameter one page, the total and the next
 * page's cursor, ranked by relevance when there is a query.
 */
export async function listItems(
  app: FastifyInstance,
  user: CurrentUser,
  query: ItemListQuery,
): Promise<Item[] | ItemPage> {
  const filters = { clientId: scopeOf(user), statuses: query.status };
  const paged = Object.values(query).some((v) => v !== undefined);
  if (!paged) return allItems(app.db, filters);
  if (query.cursor !== undefined && query.offset !== undefined) {
    throw badRequest('Send either cursor or offset, not both.');
  }
  const limit = query.limit ?? ITEM_PAGE_DEFAULT;
  const plan = planSearch(query.q ?? '');

  if (plan) {
    const offset = query.cursor ? decodeSearchCursor(query.cursor) : (query.offset ?? 0);
    const page = await searchItems(app.db, app.dialect, { filters, plan, limit, offset });
    const next = offset + page.items.length;
    return {
      items: page.items,
      total: page.total,
      total_capped: page.capped,
      next_cursor:
        page.items.length === limit && next < page.total ? encodeSearchCursor(next) : null,
    };
  }

  const page =
    query.offset !== undefined
      ? await itemsAtOffset(app.db, filters, query.offset, limit)
      : await itemsAfter(
          app.db,
          filters,
          query.cursor ? decodeNameCursor(query.cursor) : null,
          limit,
        );
  return {
    items: page.items,
    total: await countItems(app.db, filters),
    total_capped: false,
    next_cursor: page.next ? encodeNameCursor(page.next) : null,
  };
}

/**
 * One item for anyone. Anonymous readers, and client users reading an item that is not
 * their client's, get the public shape: no last scanner and no job (docs/decisions.md,
 * Security). Everyone else gets it in full.
 */
export async function readItem(
  app: FastifyInstance,
  id: string,
  user: CurrentUser | null,
): Promise<Item | PublicItem> {
  if (!user) {
    const item = await itemsRepo.findPublic(app.db, id);
    if (!item) throw notFound('Item');
    return withoutJob(item);
  }
  const item = await itemsRepo.find(app.db, id);
  if (!item) throw notFound('Item');
  if (isOutsideClient(user, item.client_id)) {
    const { last_scanned_by_email: _scanner, ...rest } = item;
    return withoutJob(rest);
  }
  return item;
}

/** A client user looking at something that is not their own client's. */
export function isOutsideClient(user: CurrentUser, clientId: string | null): boolean {
  return user.client_id !== null && clientId !== user.client_id;
}

const withoutJob = (item: PublicItem): PublicItem => ({
  ...item,
  manifest_id: null,
  manifest_name: null,
});

export async function createItem(
  app: FastifyInstance,
  input: ItemInput,
  actor: Actor | null,
): Promise<Item> {
  const id = newId();
  const values: ItemValues = {
    name: input.name ?? null,
    note: input.note ?? null,
    status: input.status ?? null,
    client_id: input.client_id ?? null,
    location_id: input.location_id ?? null,
    component_id: input.component_id ?? null,
    manifest_id: input.manifest_id ?? null,
  };
  await app.db.transaction().execute(async (trx) => {
    await assertReferencesExist(trx, values);
    await itemsRepo.insert(trx, id, values, nowIso());
    await refreshItemSearch(trx, id);
    await recordActivity(trx, {
      type: 'ITEM',
      action: 'CREATE',
      actor,
      sourceId: id,
      ref: { name: values.name, item_id: id, id },
    });
  });
  return mustFind(app, id);
}

/**
 * Partial update: fields left out stay as they are; null clears. With `expected`, a 409
 * carrying the current item when it changed since that version (nothing is written).
 */
export async function updateItem(
  app: FastifyInstance,
  id: string,
  input: ItemInput,
  actor: Actor | null,
  expected?: ExpectedVersion,
): Promise<Item> {
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as Partial<ItemValues>;
  if (Object.keys(changes).length === 0) {
    throw badRequest('Send at least one field to change.');
  }
  await app.db.transaction().execute(async (trx) => {
    const current = await itemsRepo.findBare(trx, id);
    if (!current) throw notFound('Item');
    await assertReferencesExist(trx, changes);
    if (!(await itemsRepo.update(trx, id, changes, nowIso(), expected))) {
      const latest = await itemsRepo.find(trx, id);
      throw latest ? staleVersion('Item', latest) : notFound('Item');
    }
    await refreshItemSearch(trx, id);
    await recordActivity(trx, {
      type: 'ITEM',
      action: 'UPDATE',
      actor,
      sourceId: id,
      ref: { name: changes.name !== undefined ? changes.name : current.name, item_id: id, id },
    });
  });
  return mustFind(app, id);
}

/**
 * Deletes an item, freeing its labels and removing its images and components in one
 * transaction; the image files go after it commits, so a rollback never loses a file
 * that a surviving row still points at.
 */
export async function deleteItem(app: FastifyInstance, id: string, actor: Actor): Promise<void> {
  const images = await app.db.transaction().execute(async (trx) => {
    const current = await itemsRepo.findBare(trx, id);
    if (!current) throw notFound('Item');
    const removed = await itemsRepo.deleteWithDependents(trx, id, nowIso());
    await recordActivity(trx, {
      type: 'ITEM',
      action: 'DELETE',
      actor,
      sourceId: id,
      ref: { name: current.name, id },
    });
    return removed;
  });
  const keys = images
    .flatMap((image) => [image.src, image.thumbnail_src])
    .map((src) => (src ? storageKeyOf(app, src) : null))
    .filter((key): key is string => key !== null);
  await Promise.all(
    keys.map((key) =>
      app.storage
        .remove(key)
        .catch((err: unknown) => app.log.error({ err, key }, 'could not remove an image file')),
    ),
  );
}

/** The storage key of one of our upload URLs, relative or on our public origin. */
function storageKeyOf(app: FastifyInstance, src: string): string | null {
  const direct = keyFromSrc(src);
  if (direct) return direct;
  try {
    const url = new URL(src);
    return url.origin === new URL(app.config.publicUrl).origin ? keyFromSrc(url.pathname) : null;
  } catch {
    return null;
  }
}

const REFERENCE_CHECKS = [
  ['client_id', 'clients', 'That client does not exist.'],
  ['location_id', 'locations', 'That location does not exist.'],
  ['component_id', 'components', 'That component does not exist.'],
  ['manifest_id', 'manifests', 'That manifest does not exist.'],
] as const;

async function assertReferencesExist(
  trx: Kysely<Database>,
  values: Partial<ItemValues>,
): Promise<void> {
  for (const [field, table, message] of REFERENCE_CHECKS) {
    const id = values[field];
    if (id && !(await itemsRepo.exists(trx, table, id))) throw badRequest(message);
  }
}

async function mustFind(app: FastifyInstance, id: string): Promise<Item> {
  const item = await itemsRepo.find(app.db, id);
  if (!item) throw notFound('Item');
  return item;
}
