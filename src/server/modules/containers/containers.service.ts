import type { FastifyInstance } from 'fastify';
import type { Item } from '../../../common/schemas/item.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { ContainerRef } from '../../../common/schemas/containers.ts';
import { notFound } from '../../errors.ts';
import { EVERYTHING, scopeOf } from '../catalog/scope.ts';
import { roundTripRepo } from '../round-trip/round-trip.repo.ts';
import { containersRepo } from './containers.repo.ts';

/**
 * What is inside an item, directly or (deep) at every level. Client users see only their
 * client's items, and an item of another client is "not found" to them.
 */
export async function listContents(
  app: FastifyInstance,
  id: string,
  deep: boolean,
  user: CurrentUser,
): Promise<Item[]> {
  const scope = scopeOf(user);
  if (!(await roundTripRepo.itemState(app.db, id, scope))) throw notFound('Item');
  return containersRepo.contents(app.db, app.dialect, id, deep, scope);
}

/**
 * The containers around an item, outermost first: the item page's "Inside: …" line.
 * Anyone who may open the item gets it (the item page is public), scoped as the item read
 * scopes its container (items.service.ts, readItem): a client user sees only their
 * client's containers, anonymous readers what everyone sees.
 */
export async function listContainers(
  app: FastifyInstance,
  id: string,
  user: CurrentUser | null,
): Promise<ContainerRef[]> {
  if (!(await roundTripRepo.itemState(app.db, id, EVERYTHING))) throw notFound('Item');
  return containersRepo.chainAbove(app.db, id, user ? scopeOf(user) : EVERYTHING);
}
