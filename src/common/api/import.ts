import { z } from 'zod';
import { endpoint } from './contract.ts';
import { itemListQuery } from '../schemas/item.ts';
import { importPreviewSchema, importQuery } from '../schemas/import.ts';

export const importApi = {
  import: endpoint({
    method: 'POST',
    path: '/inventory/import',
    tag: 'import',
    summary:
      'Import items from a CSV body (UTF-8 or Windows-1252; comma, semicolon or tab separated; at most 20 MB). map.<field>=<column> maps columns; dry_run=true answers the preview and writes nothing. All rows or none, unless valid_only=true',
    access: 'inventory:write',
    query: importQuery,
    rawBody: { contentTypes: ['text/csv', 'text/plain', 'application/octet-stream'] },
    response: importPreviewSchema,
  }),
  export: endpoint({
    method: 'GET',
    path: '/inventory/export.csv',
    tag: 'import',
    summary:
      'Every visible item (or those matching q and status) as CSV with the columns the import reads; client users get their own client’s items',
    access: 'item:list',
    query: itemListQuery.pick({ q: true, status: true }),
    response: z.string().describe('text/csv'),
    produces: 'text/csv',
  }),
};
