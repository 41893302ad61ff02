import { componentsApi } from '../../../common/api/catalog.ts';
import { namedEntity } from '../../lib/named-entity-api.ts';
import { showingNames } from '../items/api.ts';

/** Component types: a name each. Items show the component's name, so writes refresh items too. */
export const componentTypeEntity = namedEntity('components', componentsApi, showingNames);
