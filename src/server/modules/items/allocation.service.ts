import type { FastifyInstance } from 'fastify';
import type { ManifestComponent } from '../../../common/schemas/item-component.ts';
import type { AllocateInput, Item } from '../../../common/schemas/item.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import type { Actor } from '../activity/activity.repo.ts';
import { allocationRepo } from './allocation.repo.ts';
import { containersRepo } from '../containers/containers.repo.ts';
import { manifestScope } from '../manifests/manifests.service.ts';
import { createItem, updateItem } from './items.service.ts';
import { allItems } from './item-list.repo.ts';

/**
 * Allocation is an item write with the manifest set: with `id` that item is moved onto
 * the manifest (with any other fields given), without one a new item is created on it.
 * Deallocation is an ordinary item update with manifest_id null.
 */
export async function allocate(
  app: FastifyInstance,
  input: AllocateInput,
  actor: Actor,
  expected?: ExpectedVersion,
): Promise<Item & { contents_count: number }> {
  const { id, version: _version, pack_anyway: packAnyway, ...fields } = input;
  const item = id
    ? await updateItem(app, id, fields, actor, expected, packAnyway)
    : await createItem(app, fields, actor);
  // Everything inside a container goes onto the manifest with it (placement.service.ts).
  return { ...item, contents_count: await containersRepo.countContents(app.db, item.id) };
}

export async function manifestItems(
  app: FastifyInstance,
  manifestId: string,
  user: CurrentUser,
): Promise<Item[]> {
  return allItems(app.db, { scope: await manifestScope(app, manifestId, user), manifestId });
}

export async function manifestComponents(
  app: FastifyInstance,
  manifestId: string,
  user: CurrentUser,
): Promise<ManifestComponent[]> {
  const scope = await manifestScope(app, manifestId, user);
  return allocationRepo.componentTotals(app.db, manifestId, scope);
}
