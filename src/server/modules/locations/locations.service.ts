import { namedEntityService } from '../catalog/named.service.ts';

/** Every signed-in member reads all locations; only staff change them. */
export const locationsService = namedEntityService({
  table: 'locations',
  activityType: 'LOCATION',
  noun: 'Location',
  searchReference: (id) => ({ location_id: id }),
  usedBy: {
    opening: 'This location still has',
    references: [['items.location_id', 'item', 'items']],
  },
});
