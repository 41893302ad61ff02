import { componentsApi } from '../../../common/api/catalog.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { namedMutations, namedQueries } from '../../lib/named-entity-api.ts';

/** Component types: a name each. Items show the component's name, so writes refresh items too. */
export const componentQueries = namedQueries('components', componentsApi);

const writes = namedMutations(componentsApi, () => [
  componentQueries.all(),
  itemQueries.all(),
  activityQueries.all(),
]);
export const useCreateComponent = writes.useCreate;
export const useUpdateComponent = writes.useUpdate;
export const useDeleteComponent = writes.useDelete;
