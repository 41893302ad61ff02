import { clientsApi } from '../../../common/api/catalog.ts';
import { activityQueries } from '../activity/api.ts';
import { itemQueries } from '../items/api.ts';
import { namedMutations, namedQueries } from '../../lib/named-entity-api.ts';

/** Clients: a name each. Items show the client's name, so writes refresh items too. */
export const clientQueries = namedQueries('clients', clientsApi);

const writes = namedMutations(clientsApi, () => [
  clientQueries.all(),
  itemQueries.all(),
  activityQueries.all(),
]);
export const useCreateClient = writes.useCreate;
export const useUpdateClient = writes.useUpdate;
export const useDeleteClient = writes.useDelete;
