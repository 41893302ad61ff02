import { namedEntityService, usageSentence } from '../catalog/named.service.ts';
import { componentsRepo } from './components.repo.ts';

/** Every signed-in member reads all component types; only staff change them. */
export const componentsService = namedEntityService({
  repo: componentsRepo,
  activityType: 'COMPONENT',
  noun: 'Component type',
  searchReference: (id) => ({ component_id: id }),
  async stillUsed(db, id) {
    const used = await componentsRepo.usage(db, id);
    return usageSentence('This component type is still used by', [
      [used.items, 'item of this type', 'items of this type'],
      [used.requirements, 'manifest', 'manifests'],
      [used.itemComponents, 'item that contains it', 'items that contain it'],
    ]);
  },
});
