import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams } from '../schemas/common.ts';
import {
  attachLabelBody,
  attachLabelQuery,
  attachLabelResponse,
  labelParams,
  labelSchema,
  scanParams,
  scanQuery,
  updateLabelBody,
} from '../schemas/label.ts';

export const labelsApi = {
  get: endpoint({
    method: 'GET',
    path: '/inventory/labels/:id',
    tag: 'labels',
    summary: 'Look a label up by its code (any spelling: case, dashes and spaces are ignored)',
    access: 'item:read',
    params: labelParams,
    response: labelSchema,
  }),
  listForItem: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/labels',
    tag: 'labels',
    summary: "An item's labels, newest first",
    access: 'item:read',
    params: idParams,
    response: z.array(labelSchema),
  }),
  attach: endpoint({
    method: 'POST',
    path: '/inventory/labels',
    tag: 'labels',
    summary:
      'Attach a label to an item, taking it from another item if needed; with replace=false, answers true (already on this item) or false (on another item) without changing anything',
    access: 'inventory:write',
    query: attachLabelQuery,
    body: attachLabelBody,
    response: attachLabelResponse,
    idempotent: true,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/inventory/labels/:id',
    tag: 'labels',
    summary: 'Free a label (item_id: null) or move it to another item',
    access: 'inventory:write',
    params: labelParams,
    body: updateLabelBody,
    response: labelSchema,
    idempotent: true,
  }),
  scan: endpoint({
    method: 'POST',
    path: '/inventory/scan/:code',
    tag: 'labels',
    summary:
      "Record a scan of a label; a signed-in scanner becomes the item's last scanner. Null for an unknown label",
    access: 'item:read',
    params: scanParams,
    query: scanQuery,
    response: labelSchema.nullable(),
    idempotent: true,
  }),
};
