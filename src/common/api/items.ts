import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import {
  allocateBody,
  itemBody,
  itemListQuery,
  itemListSchema,
  itemReadSchema,
  itemSchema,
  itemUpdateBody,
} from '../schemas/item.ts';
import {
  addItemComponentBody,
  itemComponentParams,
  itemComponentSchema,
  manifestComponentSchema,
  updateItemComponentBody,
} from '../schemas/item-component.ts';
import { allocatedItemSchema } from '../schemas/round-trip.ts';

export const itemsApi = {
  list: endpoint({
    method: 'GET',
    path: '/inventory/items',
    tag: 'items',
    summary:
      'Visible items. Without parameters: all of them sorted by name. With q, status, limit or offset: {items, total}, ranked by search relevance when q is given',
    access: 'item:list',
    query: itemListQuery,
    response: itemListSchema,
  }),
  read: endpoint({
    method: 'GET',
    path: '/inventory/items/:id',
    tag: 'items',
    summary: 'One item; anonymous visitors do not see who scanned it last',
    access: 'item:read',
    params: idParams,
    response: itemReadSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/inventory/items',
    tag: 'items',
    summary: 'Create an item',
    access: 'inventory:write',
    body: itemBody,
    response: itemSchema,
    status: 201,
    idempotent: true,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/inventory/items/:id',
    tag: 'items',
    summary:
      'Change some fields of an item; manifest_id null deallocates it. With a version (body or If-Match), 409 if it changed meanwhile',
    access: 'inventory:write',
    params: idParams,
    body: itemUpdateBody,
    response: itemSchema,
    conflict: itemSchema,
    idempotent: true,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/items/:id',
    tag: 'items',
    summary: 'Delete an item: frees its labels, removes its images (files too) and components',
    access: 'inventory:write',
    params: idParams,
    response: okSchema,
  }),
  allocate: endpoint({
    method: 'POST',
    path: '/inventory/allocate',
    tag: 'items',
    summary:
      'Put an item on a manifest: with id, that item (applying the given fields) and everything inside it; without id, a new item',
    access: 'inventory:write',
    body: allocateBody,
    response: allocatedItemSchema,
    conflict: itemSchema,
    idempotent: true,
  }),
  manifestItems: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/items',
    tag: 'items',
    summary: 'The items allocated to a manifest, sorted by name',
    access: 'catalog:read',
    params: idParams,
    response: z.array(itemSchema),
  }),
  manifestComponents: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/components',
    tag: 'items',
    summary:
      'What the allocated items provide per component type: 1 per item of that type plus their item components',
    access: 'catalog:read',
    params: idParams,
    response: z.array(manifestComponentSchema),
  }),
};

export const itemComponentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/components',
    tag: 'item components',
    summary: "An item's components, sorted by component name",
    access: 'item:read',
    params: idParams,
    response: z.array(itemComponentSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/inventory/items/:id/components',
    tag: 'item components',
    summary: 'Add a component type with a count to an item',
    access: 'inventory:write',
    params: idParams,
    body: addItemComponentBody,
    response: itemComponentSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/inventory/items/:itemId/components/:componentId',
    tag: 'item components',
    summary:
      'Change the count of a component on an item. With a version (body or If-Match), 409 if it changed meanwhile',
    access: 'inventory:write',
    params: itemComponentParams,
    body: updateItemComponentBody,
    response: itemComponentSchema,
    conflict: itemComponentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/items/:itemId/components/:componentId',
    tag: 'item components',
    summary: 'Remove a component from an item',
    access: 'inventory:write',
    params: itemComponentParams,
    response: okSchema,
  }),
};
