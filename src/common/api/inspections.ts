import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import {
  attachmentParams,
  digestSettingBody,
  digestSettingSchema,
  dueInspectionSchema,
  dueQuery,
  inspectionKindBody,
  inspectionKindSchema,
  inspectionKindUpdateBody,
  inspectionSchema,
  itemInspectionsSchema,
  jobDueInspectionSchema,
} from '../schemas/inspection.ts';

/** Inspection kinds per component type (docs/decisions.md, "Inspections that come due"). */
export const inspectionKindsApi = {
  list: endpoint({
    method: 'GET',
    path: '/inventory/inspection-kinds',
    tag: 'inspections',
    summary: 'All inspection kinds, by component type and name',
    access: 'catalog:read',
    response: z.array(inspectionKindSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/inventory/inspection-kinds',
    tag: 'inspections',
    summary: 'Add an inspection kind to a component type (admin)',
    access: 'inspections:manage',
    body: inspectionKindBody,
    response: inspectionKindSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/inventory/inspection-kinds/:id',
    tag: 'inspections',
    summary:
      'Change a kind’s name, interval or whether it blocks dispatch (admin); with a version, 409 if it changed meanwhile',
    access: 'inspections:manage',
    params: idParams,
    body: inspectionKindUpdateBody,
    response: inspectionKindSchema,
    conflict: inspectionKindSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/inspection-kinds/:id',
    tag: 'inspections',
    summary: 'Delete an inspection kind (admin); refused (409) once inspections of it are recorded',
    access: 'inspections:manage',
    params: idParams,
    response: okSchema,
  }),
};

export const INSPECTION_FORM_TYPE = 'multipart/form-data';

export const inspectionsApi = {
  record: endpoint({
    method: 'POST',
    path: '/inventory/items/:id/inspections',
    tag: 'inspections',
    summary:
      'Record an inspection (multipart: kind_id, result passed|failed, date YYYY-MM-DD, note, inspector, and up to 3 `attachments`: photos or PDF certificates of at most 20 MB, judged by their bytes). A failed one sets the item damaged with the note. Bad input is a 400 (a refused attachment: attachment_type or attachment_too_large) and stores nothing',
    access: 'inventory:write',
    params: idParams,
    rawBody: { contentTypes: [INSPECTION_FORM_TYPE] },
    response: inspectionSchema,
    status: 201,
  }),
  forItem: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/inspections',
    tag: 'inspections',
    summary:
      'An item’s inspections (newest first) and, per kind of its component type, the next due (never inspected: due at once). Client users: their own client’s items only',
    access: 'item:list',
    params: idParams,
    response: itemInspectionsSchema,
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/inventory/inspections/:id/attachments/:attachmentId',
    tag: 'inspections',
    summary: 'One attachment of an inspection (a photo or a PDF), with the inspection’s access',
    access: 'item:list',
    params: attachmentParams,
    response: z.unknown(),
    produces: 'application/octet-stream',
  }),
  due: endpoint({
    method: 'GET',
    path: '/inventory/inspections/due',
    tag: 'inspections',
    summary: 'Inspections due in the next `days` days (30 unless said), overdue first',
    access: 'inspections:plan',
    query: dueQuery,
    response: z.array(dueInspectionSchema),
  }),
  forJob: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/inspections-due',
    tag: 'inspections',
    summary:
      'The items of a job not sent out yet whose inspection falls due before the job’s due date ("PAT test due 4 Jun, before Summer show returns")',
    access: 'inspections:plan',
    params: idParams,
    response: z.array(jobDueInspectionSchema),
  }),
  digest: endpoint({
    method: 'GET',
    path: '/members/digest',
    tag: 'inspections',
    summary: 'Whether the signed-in member gets the daily digest email',
    access: 'inspections:plan',
    response: digestSettingSchema,
  }),
  setDigest: endpoint({
    method: 'PUT',
    path: '/members/digest',
    tag: 'inspections',
    summary:
      'Switch the daily digest on or off for oneself (inspections due this week, jobs overdue, jobs due back tomorrow)',
    access: 'inspections:plan',
    body: digestSettingBody,
    response: digestSettingSchema,
  }),
};
