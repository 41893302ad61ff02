import { namedEntityService, usageSentence } from '../catalog/named.service.ts';
import { clientsRepo } from './clients.repo.ts';

/** Client users see their own client only; others are "not found" to them. */
export const clientsService = namedEntityService({
  repo: clientsRepo,
  activityType: 'CLIENT',
  noun: 'Client',
  scopedByClient: true,
  searchReference: (id) => ({ client_id: id }),
  async stillUsed(db, id) {
    const used = await clientsRepo.usage(db, id);
    return usageSentence('This client still has', [
      [used.items, 'item', 'items'],
      [used.manifests, 'manifest', 'manifests'],
      [used.members, 'member', 'members'],
    ]);
  },
});
