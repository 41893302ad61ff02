import { namedEntityService } from '../catalog/named.service.ts';

/** Client users see their own client only; others are "not found" to them. */
export const clientsService = namedEntityService({
  table: 'clients',
  activityType: 'CLIENT',
  noun: 'Client',
  scopedByClient: true,
  searchReference: (id) => ({ client_id: id }),
  usedBy: {
    opening: 'This client still has',
    references: [
      ['items.client_id', 'item', 'items'],
      ['manifests.client_id', 'manifest', 'manifests'],
      ['users.client_id', 'member', 'members'],
    ],
  },
});
