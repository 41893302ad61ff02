import { z } from 'zod';
import { endpoint } from './contract.ts';
import { dispatchBody } from '../schemas/inspection.ts';
import { idParams } from '../schemas/common.ts';
import { jobSchema, returnBody, returnResultSchema, returnsSchema } from '../schemas/round-trip.ts';

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
    // 409 inspection_due while a blocking inspection is overdue or a failed item is on it;
    // {override: true, note} sends it anyway, the note kept in the feed.
    body: dispatchBody,
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
