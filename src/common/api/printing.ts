import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams } from '../schemas/common.ts';
import { offsetSchema, presetParams, presetSchema, printBody } from '../schemas/printing.ts';

const pdf = z.string().describe('application/pdf');

export const printingApi = {
  presets: endpoint({
    method: 'GET',
    path: '/inventory/labels/presets',
    tag: 'printing',
    summary:
      'Label stock the server prints on (sheets, roll and thermal printers, placards), with QR sizes and saved printer offsets',
    access: 'item:list',
    response: z.array(presetSchema),
  }),
  saveOffset: endpoint({
    method: 'PUT',
    path: '/inventory/labels/presets/:id/offset',
    tag: 'printing',
    summary: 'Save the printer calibration (x/y shift in mm) of one preset, for everyone',
    access: 'inventory:write',
    params: presetParams,
    body: offsetSchema,
    response: presetSchema,
  }),
  print: endpoint({
    method: 'POST',
    path: '/inventory/labels/print',
    tag: 'printing',
    summary:
      'A vector PDF of labels on a preset: for items (those without a label get a fresh code attached, in one transaction) or for label codes alone',
    access: 'item:list',
    body: printBody,
    response: pdf,
    produces: 'application/pdf',
    bodyLimit: 256 * 1024,
  }),
  packingSheet: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/packing-sheet.pdf',
    tag: 'printing',
    summary:
      "A printable packing list: requirements required/packed, allocated items by location with tick boxes, the manifest's QR; no item QR codes",
    access: 'catalog:read',
    params: idParams,
    response: pdf,
    produces: 'application/pdf',
  }),
};
