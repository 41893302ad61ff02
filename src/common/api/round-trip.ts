import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams } from '../schemas/common.ts';
import { itemSchema } from '../schemas/item.ts';
import {
  containerRefSchema,
  contentsQuery,
  jobSchema,
  returnBody,
  returnResultSchema,
  returnsSchema,
} from '../schemas/round-trip.ts';

/** Items inside items (docs/decisions.md, "Round trip"). */
export const containersApi = {
  contents: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/contents',
    tag: 'containers',
    summary:
      'The items directly inside an item, sorted by name; deep=true lists every level (each with its container_id)',
    access: 'item:list',
    params: idParams,
    query: contentsQuery,
    response: z.array(itemSchema),
  }),
  containers: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/containers',
    tag: 'containers',
    summary: 'The containers an item sits in, outermost first',
    access: 'item:read',
    params: idParams,
    response: z.array(containerRefSchema),
  }),
};

/** A manifest's round trip: dispatch, returns, close, and the jobs that are out. */
export const roundTripApi = {
  dispatch: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/dispatch',
    tag: 'round trip',
    summary:
      'Send a planned job out: every allocated item (contents included) is recorded as out on it',
    access: 'inventory:write',
    params: idParams,
    response: jobSchema,
    idempotent: true,
  }),
  returnItem: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/returns',
    tag: 'round trip',
    summary:
      'One item comes back (with everything inside it): it leaves the job, takes the location, keeps the condition. A missing item is found. 409 when it is not out on this job',
    access: 'inventory:write',
    params: idParams,
    body: returnBody,
    response: returnResultSchema,
    idempotent: true,
  }),
  returns: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/returns',
    tag: 'round trip',
    summary: 'What went out on a job: still out, returned, returned damaged, missing',
    access: 'catalog:read',
    params: idParams,
    response: returnsSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/close',
    tag: 'round trip',
    summary: 'Close a job that is out: items still out are marked missing and leave it',
    access: 'inventory:write',
    params: idParams,
    response: jobSchema,
    idempotent: true,
  }),
  out: endpoint({
    method: 'GET',
    path: '/inventory/out',
    tag: 'round trip',
    summary: 'Every job that is out, overdue ones first, with the items still out',
    access: 'catalog:read',
    response: z.array(jobSchema),
  }),
};
