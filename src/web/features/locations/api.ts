import { locationsApi } from '../../../common/api/catalog.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { namedMutations, namedQueries } from '../../lib/named-entity-api.ts';

/** Locations: a name each. Items show the location's name, so writes refresh items too. */
export const locationQueries = namedQueries('locations', locationsApi);

const writes = namedMutations(locationsApi, () => [
  locationQueries.all(),
  itemQueries.all(),
  activityQueries.all(),
]);
export const useCreateLocation = writes.useCreate;
export const useUpdateLocation = writes.useUpdate;
export const useDeleteLocation = writes.useDelete;
