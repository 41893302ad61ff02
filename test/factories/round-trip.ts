import type { FastifyInstance } from 'fastify';
import type { ItemInput } from '../../src/common/schemas/item.ts';
import { dispatchJob } from '../../src/server/modules/round-trip/round-trip.service.ts';
import { buildItem } from './items.ts';
import { buildManifest } from './manifests.ts';
import { buildMember } from './members.ts';

/** A job that is out, with one item (or those given) sent out on it, through the services. */
export async function buildOutJob(app: FastifyInstance, items: ItemInput[] = [{}]) {
  const manifest = await buildManifest(app);
  const built = [];
  for (const fields of items) {
    built.push(await buildItem(app, { name: 'Out item', ...fields, manifest_id: manifest.id }));
  }
  const actor = await buildMember(app, { role: 'staff' });
  const job = await dispatchJob(app, manifest.id, actor);
  return { manifest: job, items: built, actor };
}
