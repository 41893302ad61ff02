import type { FastifyInstance } from 'fastify';
import { StreamedJson } from '../../http/streamed-json.ts';
import type { Kysely } from 'kysely';
import { ITEM_PAGE_DEFAULT, LIST_TOTAL_CAP, planSearch } from '../../../common/search.ts';
import { itemSchema } from '../../../common/schemas/item.ts';
import type {
  Item,
  ItemInput,
  ItemListQuery,
  ItemPage,
  PublicItem,
} from '../../../common/schemas/item.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { itemActivity, type Actor } from '../activity/activity.repo.ts';
import { covers, EVERYTHING, scopeOf, type Scope } from '../catalog/scope.ts';
import { removeImageFiles } from '../images/images.service.ts';
import { itemsRepo, itemValues, type ItemValues } from './items.repo.ts';
import {
  encodeNameCursor,
  encodeSearchCursor,
  decodeNameCursor,
  decodeSearchCursor,
} from './item-cursor.ts';
import { itemBatches, itemsAfter, type NamePosition } from './item-list.repo.ts';
import { refreshItemSearchMany } from './search.repo.ts';
import { containersRepo, directContentsOf } from '../containers/containers.repo.ts';
import { changeItemSet } from './item-set-changes.service.ts';
import { changeItems, type WriteContext } from './item-changes.service.ts';
import { itemChangesRepo } from './item-changes.repo.ts';

/**
 * The item list (docs/decisions.md): without parameters every visible item sorted by
 * name, as the spec's app expects; with any parameter one page, the total and the next
 * page's cursor, ranked by relevance when there is a query.
 */
export async function listItems(
  app: FastifyInstance,
  user: CurrentUser,
  query: ItemListQuery,
): Promise<StreamedJson | ItemPage> {
  const filters = { scope: scopeOf(user), statuses: query.status, attention: query.attention };
  const paged = Object.values(query).some((v) => v !== undefined);
  // Every visible item (100,000 of them are 46 MB): streamed in name order 250 at a
  // time, read by the read workers, so neither memory nor other requests wait for it.
  if (!paged) {
    const batch = (after: NamePosition | null) =>
      app.reads.run('itemsAfter', { filters, after, limit: 250 });
    return new StreamedJson(itemBatches(app.db, filters, 250, batch), itemSchema);
  }
  if (query.cursor !== undefined && query.offset !== undefined) {
    throw badRequest('Send either cursor or offset, not both.');
  }
  const limit = query.limit ?? ITEM_PAGE_DEFAULT;
  const plan = planSearch(query.q ?? '');

  if (plan) {
    const offset = query.cursor ? decodeSearchCursor(query.cursor) : (query.offset ?? 0);
    const page = await app.reads.run('searchItems', { filters, plan, limit, offset });
    const next = offset + page.items.length;
    return {
      items: page.items,
      total: page.total,
      total_capped: page.capped,
      next_cursor:
        page.items.length === limit && next < page.total ? encodeSearchCursor(next) : null,
    };
  }

  // The page and the total at once: on two read workers (SQLite) or two pooled
  // connections (PostgreSQL), a deep page does not wait for the count, nor it for the page.
  const [page, total] = await Promise.all([
    query.offset !== undefined
      ? app.reads.run('itemsAtOffset', { filters, offset: query.offset, limit })
      : itemsAfter(app.db, filters, query.cursor ? decodeNameCursor(query.cursor) : null, limit),
    app.reads.run('countItems', filters),
  ]);
  return {
    items: page.items,
    total: Math.min(total, LIST_TOTAL_CAP),
    total_capped: total > LIST_TOTAL_CAP,
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
    // The public shape carries no job; what it sits in is shown as to everyone.
    const item = await itemsRepo.findPublic(app.db, id, EVERYTHING);
    if (!item) throw notFound('Item');
    return withoutJob(item);
  }
  const scope = scopeOf(user);
  const item = await itemsRepo.find(app.db, id, scope);
  if (!item) throw notFound('Item');
  if (!covers(scope, item.client_id)) {
    const { last_scanned_by_email: _scanner, ...rest } = item;
    return withoutJob(rest);
  }
  return item;
}

const withoutJob = (item: PublicItem): PublicItem => ({
  ...item,
  manifest_id: null,
  manifest_name: null,
});

/** Who writes, for the door: a member (their scope) or the server itself (null). */
type Writer = (Actor & { client_id?: string | null }) | null;
const contextOf = (app: FastifyInstance, actor: Writer, packAnyway?: boolean): WriteContext => ({
  dialect: app.dialect,
  actor: actor && { id: actor.id, email: actor.email },
  scope: scopeOf({ client_id: actor?.client_id ?? null }),
  packAnyway,
});

/** POST /inventory/items, and allocation of a new item: through the item door. */
export async function createItem(
  app: FastifyInstance,
  input: ItemInput,
  actor: Writer,
): Promise<Item> {
  const id = newId();
  const context = contextOf(app, actor);
  await app.db.transaction().execute(async (trx) => {
    const change = { id, create: true, values: itemValues(input) };
    await changeItems(trx, context, [change], nowIso());
  });
  return mustFind(app, id, context.scope);
}

/**
 * Partial update: fields left out stay as they are; null clears. With `expected`, a 409
 * carrying the current item when it changed since that version (nothing is written).
 */
export async function updateItem(
  app: FastifyInstance,
  id: string,
  input: ItemInput,
  actor: Writer,
  expected?: ExpectedVersion,
  /** The answer to "Reserved for … Pack it anyway?" when it puts the item on a job. */
  packAnyway?: boolean,
): Promise<Item> {
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as Partial<ItemValues>;
  if (Object.keys(changes).length === 0) {
    throw badRequest('Send at least one field to change.');
  }
  const context = contextOf(app, actor, packAnyway);
  await app.db.transaction().execute(async (trx) => {
    const change = { id, create: false, values: changes, expected };
    await changeItems(trx, context, [change], nowIso());
  });
  return mustFind(app, id, context.scope);
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
    const now = nowIso();
    // What it holds is never deleted with it: it moves up into the item's own container.
    const inside = await containersRepo.directContentIds(trx, id);
    const into = { container_id: current.container_id };
    const takenOut = await changeItemSet(trx, directContentsOf(id), into, now);
    const removed = await itemChangesRepo.deleteWithDependents(trx, id, now);
    await refreshItemSearchMany(trx, inside);
    await itemActivity(trx, actor, current, 'DELETE', {
      detail: takenOut ? await takenOutDetail(trx, takenOut, current.container_id) : null,
    });
    return removed;
  });
  await removeImageFiles(app, images);
}

async function takenOutDetail(trx: Kysely<Database>, n: number, into: string | null) {
  const what = `${n} ${n === 1 ? 'item' : 'items'} taken out`;
  return into ? `${what} into ${(await nameOf(trx, into)) ?? 'its container'}` : what;
}

const nameOf = async (trx: Kysely<Database>, id: string) => (await itemsRepo.ref(trx, id))?.name;

async function mustFind(app: FastifyInstance, id: string, scope: Scope): Promise<Item> {
  const item = await itemsRepo.find(app.db, id, scope);
  if (!item) throw notFound('Item');
  return item;
}
