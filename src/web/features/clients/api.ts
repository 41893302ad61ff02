import { clientsApi } from '../../../common/api/catalog.ts';
import { namedEntity } from '../../lib/named-entity-api.ts';
import { showingNames } from '../items/api.ts';

/** Clients: a name each. Items show the client's name, so writes refresh items too. */
export const clientEntity = namedEntity('clients', clientsApi, showingNames);
