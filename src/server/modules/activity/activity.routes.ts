import type { FastifyInstance } from 'fastify';
import { activityApi } from '../../../common/api/activity.ts';
import { route } from '../../http/route.ts';
import { activityPage } from './activity.service.ts';

export function registerActivityRoutes(app: FastifyInstance): void {
  route(app, activityApi.page, async ({ params, user }) => activityPage(app, params.page, user));
}
