import type { FastifyInstance } from 'fastify';
import { buildClient } from './clients.ts';
import { buildComponent } from './components.ts';
import { buildImage, buildUpload } from './images.ts';
import { buildItem, buildItemComponent } from './items.ts';
import { buildLabel } from './labels.ts';
import { buildLocation } from './locations.ts';
import { buildManifest, buildRequirement } from './manifests.ts';
import { buildMember } from './members.ts';
import { buildOutJob } from './round-trip.ts';
import { buildWebhook, buildWebhookDelivery } from './webhooks.ts';
import { buildInspection, buildInspectionKind } from './inspections.ts';
import { buildStocktake, buildStocktakeScan } from './stocktakes.ts';

/** Every factory, by what it builds; useTestApp() binds them to its app as `t.build`. */
export const factories = {
  client: buildClient,
  component: buildComponent,
  image: buildImage,
  upload: buildUpload,
  item: buildItem,
  itemComponent: buildItemComponent,
  label: buildLabel,
  location: buildLocation,
  manifest: buildManifest,
  requirement: buildRequirement,
  member: buildMember,
  outJob: buildOutJob,
  webhook: buildWebhook,
  webhookDelivery: buildWebhookDelivery,
  inspectionKind: buildInspectionKind,
  inspection: buildInspection,
  stocktake: buildStocktake,
  stocktakeScan: buildStocktakeScan,
};

type Factories = typeof factories;
type WithoutApp<F> = F extends (app: FastifyInstance, ...rest: infer A) => infer R
  ? (...rest: A) => R
  : never;
export type BoundFactories = { [K in keyof Factories]: WithoutApp<Factories[K]> };

/** The factories with their first argument, the app, filled in when each is called. */
export function bindFactories(app: () => FastifyInstance): BoundFactories {
  return Object.fromEntries(
    Object.entries(factories).map(([name, build]) => [
      name,
      (...rest: unknown[]) =>
        (build as (a: FastifyInstance, ...r: unknown[]) => unknown)(app(), ...rest),
    ]),
  ) as BoundFactories;
}
