import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams } from '../schemas/common.ts';
import {
  locationStockSchema,
  moveResultSchema,
  scanResultSchema,
  startStocktakeBody,
  stocktakeDetailSchema,
  stocktakeFinishBody,
  stocktakeMoveBody,
  stocktakeScanBody,
  stocktakeSchema,
} from '../schemas/stocktake.ts';

/** Stock-takes by scanning (docs/decisions.md, "Stock-takes"). Staff only. */
export const stocktakesApi = {
  start: endpoint({
    method: 'POST',
    path: '/inventory/stocktakes',
    tag: 'stock-takes',
    summary:
      'Start a stock-take of a location or of a container (its contents at every level): snapshots the items expected there that are not out on a job',
    access: 'stocktake:write',
    body: startStocktakeBody,
    response: stocktakeSchema,
    status: 201,
    idempotent: true,
  }),
  list: endpoint({
    method: 'GET',
    path: '/inventory/stocktakes',
    tag: 'stock-takes',
    summary: 'Every stock-take, newest first, with its counts',
    access: 'stocktake:read',
    response: z.array(stocktakeSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/inventory/stocktakes/:id',
    tag: 'stock-takes',
    summary:
      'One stock-take: counts and the rows by outcome (found, wrong place, unexpected, unknown, not scanned, missing)',
    access: 'stocktake:read',
    params: idParams,
    response: stocktakeDetailSchema,
  }),
  scan: endpoint({
    method: 'POST',
    path: '/inventory/stocktakes/:id/scans',
    tag: 'stock-takes',
    summary:
      'Count one scanned label: found, wrong_place, unexpected (out on a job, or missing: then found), unknown, or already (counted before). Records who scanned it',
    access: 'stocktake:write',
    params: idParams,
    body: stocktakeScanBody,
    response: scanResultSchema,
    idempotent: true,
  }),
  move: endpoint({
    method: 'POST',
    path: '/inventory/stocktakes/:id/move',
    tag: 'stock-takes',
    summary: 'Move an item scanned in the wrong place here (this location, or into this container)',
    access: 'stocktake:write',
    params: idParams,
    body: stocktakeMoveBody,
    response: moveResultSchema,
    idempotent: true,
  }),
  finish: endpoint({
    method: 'POST',
    path: '/inventory/stocktakes/:id/finish',
    tag: 'stock-takes',
    summary:
      'Finish: the expected items listed in mark_missing (and only those) are marked missing; counted items get last_counted_at; one STOCKTAKE entry in the feed',
    access: 'stocktake:write',
    params: idParams,
    body: stocktakeFinishBody,
    response: stocktakeDetailSchema,
    idempotent: true,
  }),
  location: endpoint({
    method: 'GET',
    path: '/inventory/locations/:id/stock',
    tag: 'stock-takes',
    summary:
      'A location’s page: what a stock-take of it would expect now (how many, and the first 200 by name) and its stock-takes, newest first',
    access: 'stocktake:read',
    params: idParams,
    response: locationStockSchema,
  }),
  reportPdf: endpoint({
    method: 'GET',
    path: '/inventory/stocktakes/:id/report.pdf',
    tag: 'stock-takes',
    summary:
      'The report as a PDF: found, wrong place, unexpected, missing or not scanned, unknown, with who scanned and when',
    access: 'stocktake:read',
    params: idParams,
    response: z.string().describe('application/pdf'),
    produces: 'application/pdf',
  }),
  reportCsv: endpoint({
    method: 'GET',
    path: '/inventory/stocktakes/:id/report.csv',
    tag: 'stock-takes',
    summary: 'The report as CSV, one row per item or unknown code, with who scanned and when',
    access: 'stocktake:read',
    params: idParams,
    response: z.string().describe('text/csv'),
    produces: 'text/csv',
  }),
};
