import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import { namedBody, namedSchema, namedUpdateBody } from '../schemas/named.ts';

/**
 * Clients, locations and component types are each just a name, with the same five
 * calls. One builder keeps the three contracts from drifting apart.
 */
function namedEntityApi(path: string, tag: string, noun: { one: string; many: string }) {
  const [schema, body, updateBody] = [namedSchema, namedBody, namedUpdateBody];
  return {
    list: endpoint({
      method: 'GET',
      path,
      tag,
      summary: `All ${noun.many} the caller may see, sorted by name`,
      access: 'catalog:read',
      response: z.array(schema),
    }),
    get: endpoint({
      method: 'GET',
      path: `${path}/:id`,
      tag,
      summary: `One ${noun.one}`,
      access: 'catalog:read',
      params: idParams,
      response: schema,
    }),
    create: endpoint({
      method: 'POST',
      path,
      tag,
      summary: `Create a ${noun.one}`,
      access: 'inventory:write',
      body,
      response: schema,
      status: 201,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${path}/:id`,
      tag,
      summary: `Rename a ${noun.one}; with a version (body or If-Match), 409 if it changed meanwhile`,
      access: 'inventory:write',
      params: idParams,
      body: updateBody,
      response: schema,
      conflict: schema,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${path}/:id`,
      tag,
      summary: `Delete a ${noun.one}; refused (409) while anything still uses it`,
      access: 'inventory:write',
      params: idParams,
      response: okSchema,
    }),
  };
}

export const clientsApi = namedEntityApi('/inventory/clients', 'clients', {
  one: 'client',
  many: 'clients',
});

export const locationsApi = namedEntityApi('/inventory/locations', 'locations', {
  one: 'location',
  many: 'locations',
});

export const componentsApi = namedEntityApi('/inventory/components', 'components', {
  one: 'component type',
  many: 'component types',
});
