import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams } from '../schemas/common.ts';
import { itemSchema } from '../schemas/item.ts';
import { containerRefSchema, contentsQuery } from '../schemas/containers.ts';

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
