import { namedEntityService, usageSentence } from '../catalog/named.service.ts';
import { locationsRepo } from './locations.repo.ts';

/** Every signed-in member reads all locations; only staff change them. */
export const locationsService = namedEntityService({
  repo: locationsRepo,
  activityType: 'LOCATION',
  noun: 'Location',
  searchReference: (id) => ({ location_id: id }),
  async stillUsed(db, id) {
    const used = await locationsRepo.usage(db, id);
    return usageSentence('This location still has', [[used.items, 'item', 'items']]);
  },
});
