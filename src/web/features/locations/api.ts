import { locationsApi } from '../../../common/api/catalog.ts';
import { namedEntity } from '../../lib/named-entity-api.ts';
import { showingNames } from '../items/api.ts';

/** Locations: a name each. Items show the location's name, so writes refresh items too. */
export const locationEntity = namedEntity('locations', locationsApi, showingNames);
/** The return mode's location choices read it under this name. */
export const locationQueries = locationEntity.queries;
