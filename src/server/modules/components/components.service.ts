import { namedEntityService } from '../catalog/named.service.ts';

/** Every signed-in member reads all component types; only staff change them. */
export const componentsService = namedEntityService({
  table: 'components',
  activityType: 'COMPONENT',
  noun: 'Component type',
  searchReference: (id) => ({ component_id: id }),
  usedBy: {
    opening: 'This component type is still used by',
    references: [
      ['items.component_id', 'item of this type', 'items of this type'],
      ['requirements.component_id', 'manifest', 'manifests'],
      ['item_components.component_id', 'item that contains it', 'items that contain it'],
      ['inspection_kinds.component_id', 'inspection kind', 'inspection kinds'],
    ],
  },
});
