import { z } from 'zod';
import { endpoint } from './contract.ts';
import { activityEntrySchema } from '../schemas/activity.ts';
import { pageParams } from '../schemas/common.ts';

export const activityApi = {
  page: endpoint({
    method: 'GET',
    path: '/activity/:page',
    tag: 'activity',
    summary: 'One page (from 1) of 25 feed entries, newest first; [] past the end',
    access: 'activity:read',
    params: pageParams,
    response: z.array(activityEntrySchema),
  }),
};
