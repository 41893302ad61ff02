import type { FastifyInstance } from 'fastify';
import { imagesApi } from '../../../common/api/images.ts';
import { route } from '../../http/route.ts';
import * as images from './images.service.ts';

export function registerImageRoutes(app: FastifyInstance): void {
  route(app, imagesApi.list, async ({ params }) => images.listItemImages(app, params.id));

  route(app, imagesApi.create, async ({ params, body, user }) =>
    images.addImage(app, params.id, body, user),
  );

  route(app, imagesApi.remove, async ({ params, user }) => {
    await images.deleteImage(app, params.itemId, params.id, user);
    return { ok: true as const };
  });
}
