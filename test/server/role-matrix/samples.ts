import type { FastifyInstance } from 'fastify';
import type { api } from '../../../src/common/api/index.ts';
import type { Role } from '../../../src/common/permissions.ts';
import { generateLabelCode } from '../../../src/server/lib/label-codes.ts';
import { newId } from '../../../src/server/lib/ids.ts';
import { buildClient } from '../../factories/clients.ts';
import { buildComponent } from '../../factories/components.ts';
import { buildImage, buildUpload } from '../../factories/images.ts';
import { buildItem, buildItemComponent } from '../../factories/items.ts';
import { buildLabel } from '../../factories/labels.ts';
import { buildLocation } from '../../factories/locations.ts';
import { buildManifest, buildRequirement } from '../../factories/manifests.ts';
import { buildMember } from '../../factories/members.ts';
import { pngImage } from '../../fixtures/images.ts';
import { buildOutJob } from '../../factories/round-trip.ts';
import {
  addReservation,
  reserveJob,
} from '../../../src/server/modules/reservations/reservations.service.ts';
import { buildWebhook, buildWebhookDelivery } from '../../factories/webhooks.ts';
import { buildStocktake, buildStocktakeScan } from '../../factories/stocktakes.ts';
import type { World } from './world.ts';
import { buildInspection, buildInspectionKind } from '../../factories/inspections.ts';
import { multipartBody, pdfBytes } from '../../helpers/multipart.ts';
import { today } from '../../../src/common/job-stages.ts';
import {
  createPersonalToken,
  createServiceToken,
} from '../../../src/server/modules/tokens/tokens.service.ts';

/** Who the feed names as the creator of the tokens built for revocation samples. */
const SERVICE_TOKEN_CREATOR = {
  id: 'matrix',
  email: 'matrix@example.com',
  is_admin: true,
  client_id: null,
  email_verified: true,
};

/** A personal token of the role's signed-in member (anonymous: the staff member's). */
async function buildOwnToken(app: FastifyInstance, world: World, role: Role): Promise<string> {
  const member = world.members[role === 'anonymous' ? 'staff' : role];
  const owner = {
    id: member.id,
    email: member.email,
    is_admin: member.is_admin,
    client_id: member.client_id,
    email_verified: true,
  };
  return (await createPersonalToken(app, owner, { name: unique('Token'), scope: 'read' })).id;
}

/** `group.name` of every endpoint in the registry, e.g. `items.list`. */
export type EndpointKey = {
  [G in keyof typeof api]: `${G & string}.${keyof (typeof api)[G] & string}`;
}[keyof typeof api];

export interface SampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A raw body (uploads). */
  raw?: { payload: Buffer; contentType: string };
}

export interface SampleContext {
  app: FastifyInstance;
  world: World;
  role: Role;
}

export interface Sample {
  /**
   * A valid request for the endpoint. Destructive calls build a fresh target here (it
   * runs before the "nothing changed" snapshot), so an allowed role deleting it leaves
   * the shared world intact for the next case.
   */
  request(ctx: SampleContext): SampleRequest | Promise<SampleRequest>;
  /** The status an allowed caller gets. */
  status: number;
  /** Signs a fresh session in for this call, for calls that end the session they carry. */
  freshSession?: boolean;
  /**
   * Signs in a throwaway member of the role instead, for calls that change the caller
   * themselves (their password ends every session of theirs, the shared world's too).
   */
  throwawayMember?: boolean;
}

/** The password of throwaway members (see `throwawayMember`). */
export const THROWAWAY_PASSWORD = 'throwaway password';

const unique = (prefix: string) => `${prefix} ${newId(6)}`;

/** Create, read, update, list and delete samples of a name-only catalog entity. */
function namedSamples(
  pick: (w: World) => { id: string },
  build: (app: FastifyInstance) => Promise<{ id: string }>,
) {
  return {
    list: { request: () => ({}), status: 200 },
    get: { request: ({ world }) => ({ params: { id: pick(world).id } }), status: 200 },
    create: { request: () => ({ body: { name: unique('New') } }), status: 201 },
    update: {
      request: ({ world }) => ({
        params: { id: pick(world).id },
        body: { name: unique('Renamed') },
      }),
      status: 200,
    },
    remove: {
      request: async ({ app }) => ({ params: { id: (await build(app)).id } }),
      status: 200,
    },
  } satisfies Record<string, Sample>;
}

/**
 * One valid request per endpoint, and what an allowed caller gets. Typed by the
 * registry, so an endpoint without a sample does not compile (and the matrix test
 * fails at run time too).
 */
export const SAMPLES: Record<EndpointKey, Sample> = {
  'system.health': { request: () => ({}), status: 200 },
  'system.config': { request: () => ({}), status: 200 },

  'auth.login': {
    request: ({ world }) => ({
      body: { username: world.loginTarget.email, password: world.loginTarget.password },
    }),
    status: 200,
    // Signing in ends the session the request came with (a new id on every sign-in).
    freshSession: true,
  },
  'auth.logout': { request: () => ({}), status: 200, freshSession: true },
  'auth.me': { request: () => ({}), status: 200 },
  // A made-up token: public, so every role reaches the token check and gets its 400.
  'auth.verifyEmail': { request: () => ({ body: { token: newId(32) } }), status: 400 },
  'auth.resendVerification': { request: () => ({}), status: 200 },
  'auth.forgot': {
    request: () => ({ body: { username: `nobody-${newId(8)}@example.com` } }),
    status: 200,
  },
  'auth.resetInfo': { request: () => ({ params: { token: newId(32) } }), status: 404 },
  'auth.reset': {
    request: ({ world }) => ({
      params: { token: newId(32) },
      body: { username: world.loginTarget.email, newPassword: 'a new password' },
    }),
    status: 404,
  },

  'tokens.list': { request: () => ({}), status: 200 },
  'tokens.create': {
    request: () => ({ body: { name: unique('Token'), scope: 'read' } }),
    status: 201,
  },
  'tokens.revoke': {
    // Each caller revokes a token of their own (another's would be a 404).
    request: async ({ app, world, role }) => ({
      params: { id: await buildOwnToken(app, world, role) },
    }),
    status: 200,
  },
  'serviceTokens.list': { request: () => ({}), status: 200 },
  'serviceTokens.create': {
    request: () => ({ body: { name: unique('Service'), role: 'staff', scope: 'read' } }),
    status: 201,
  },
  'serviceTokens.revoke': {
    request: async ({ app }) => ({
      params: {
        id: (
          await createServiceToken(app, SERVICE_TOKEN_CREATOR, {
            name: unique('Service'),
            role: 'staff',
            scope: 'read',
          })
        ).id,
      },
    }),
    status: 200,
  },

  'webhooks.list': { request: () => ({}), status: 200 },
  'webhooks.create': {
    request: () => ({ body: { url: 'https://hooks.example.com/in', events: ['item.created'] } }),
    status: 201,
  },
  'webhooks.update': {
    request: async ({ app }) => ({
      params: { id: (await buildWebhook(app)).id },
      body: { events: ['*'] },
    }),
    status: 200,
  },
  'webhooks.remove': {
    request: async ({ app }) => ({ params: { id: (await buildWebhook(app)).id } }),
    status: 200,
  },
  'webhooks.deliveries': {
    request: async ({ app }) => ({ params: { id: (await buildWebhook(app)).id } }),
    status: 200,
  },
  'webhooks.resend': {
    request: async ({ app }) => {
      const endpoint = await buildWebhook(app);
      const delivery = await buildWebhookDelivery(app, endpoint.id);
      return { params: { id: endpoint.id, delivery_id: delivery.id } };
    },
    status: 200,
  },

  'members.list': { request: () => ({}), status: 200 },
  'members.create': {
    request: () => ({
      body: { username: `new-${newId(8)}@example.com`, password: 'long enough' },
    }),
    status: 201,
  },
  'members.remove': {
    request: async ({ app }) => ({ params: { id: (await buildMember(app)).id } }),
    status: 200,
  },
  'members.changeOwnPassword': {
    request: () => ({
      body: { current_password: THROWAWAY_PASSWORD, password: 'another password' },
    }),
    status: 200,
    throwawayMember: true,
  },
  'members.changePassword': {
    request: async ({ app }) => ({
      params: { id: (await buildMember(app)).id },
      body: { password: 'another password' },
    }),
    status: 200,
  },

  ...prefixed(
    'clients',
    namedSamples((w) => w.clientA, buildClient),
  ),
  ...prefixed(
    'locations',
    namedSamples((w) => w.location, buildLocation),
  ),
  ...prefixed(
    'components',
    namedSamples((w) => w.component, buildComponent),
  ),

  'manifests.list': { request: () => ({}), status: 200 },
  'manifests.get': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'manifests.create': {
    request: ({ world }) => ({ body: { name: unique('Manifest'), client_id: world.clientA.id } }),
    status: 201,
  },
  'manifests.update': {
    request: ({ world }) => ({
      params: { id: world.manifestA.id },
      body: { name: world.manifestA.name, note: unique('Note') },
    }),
    status: 200,
  },
  'manifests.remove': {
    request: async ({ app }) => ({ params: { id: (await buildManifest(app)).id } }),
    status: 200,
  },
  'manifests.duplicate': {
    request: ({ world }) => ({ body: { id: world.manifestA.id, name: unique('Copy') } }),
    status: 201,
  },

  'requirements.list': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'requirements.create': {
    request: async ({ app, world }) => ({
      params: { id: world.manifestA.id },
      body: { component_id: (await buildComponent(app)).id, count: 2 },
    }),
    status: 201,
  },
  'requirements.update': {
    request: ({ world }) => ({
      params: { manifestId: world.manifestA.id, componentId: world.component.id },
      body: { count: 5 },
    }),
    status: 200,
  },
  'requirements.remove': {
    request: async ({ app, world }) => {
      const component = await buildComponent(app);
      await buildRequirement(app, world.manifestA.id, component.id, 1);
      return { params: { manifestId: world.manifestA.id, componentId: component.id } };
    },
    status: 200,
  },

  'activity.page': { request: () => ({ params: { page: '1' } }), status: 200 },

  'labels.get': { request: ({ world }) => ({ params: { id: world.label.id } }), status: 200 },
  'labels.listForItem': {
    request: ({ world }) => ({ params: { id: world.itemA.id } }),
    status: 200,
  },
  'labels.attach': {
    request: ({ world }) => ({ body: { item_id: world.itemA.id, id: generateLabelCode() } }),
    status: 200,
  },
  'labels.update': {
    request: async ({ app, world }) => ({
      params: { id: (await buildLabel(app, { item_id: world.itemB.id })).id },
      body: { item_id: null },
    }),
    status: 200,
  },
  'labels.scan': { request: ({ world }) => ({ params: { code: world.label.id } }), status: 200 },

  'images.list': { request: ({ world }) => ({ params: { id: world.itemA.id } }), status: 200 },
  'images.create': {
    request: async ({ app, world }) => {
      const upload = await buildUpload(app);
      return {
        params: { id: world.itemA.id },
        body: { src: upload.url, thumbnail_src: upload.thumbnail_url, width: 64, height: 48 },
      };
    },
    status: 201,
  },
  'images.remove': {
    request: async ({ app, world }) => ({
      params: { itemId: world.itemA.id, id: (await buildImage(app, world.itemA.id)).id },
    }),
    status: 200,
  },
  'uploads.upload': {
    request: async () => ({
      params: { filename: 'photo.png' },
      raw: { payload: await pngImage(), contentType: 'image/png' },
    }),
    status: 201,
  },

  'items.list': { request: () => ({ query: { q: 'crate', limit: '10' } }), status: 200 },
  'items.read': { request: ({ world }) => ({ params: { id: world.itemA.id } }), status: 200 },
  'items.create': {
    request: ({ world }) => ({
      body: { name: unique('Crate'), status: 'Crate', client_id: world.clientA.id },
    }),
    status: 201,
  },
  'items.update': {
    request: ({ world }) => ({ params: { id: world.itemA.id }, body: { note: unique('Note') } }),
    status: 200,
  },
  'items.remove': {
    request: async ({ app }) => ({ params: { id: (await buildItem(app)).id } }),
    status: 200,
  },
  'items.allocate': {
    request: ({ world }) => ({ body: { manifest_id: world.manifestA.id, name: unique('Packed') } }),
    status: 200,
  },
  'items.manifestItems': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'items.manifestComponents': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },

  'containers.contents': {
    request: ({ world }) => ({ params: { id: world.itemA.id }, query: { deep: 'true' } }),
    status: 200,
  },
  'containers.containers': {
    request: ({ world }) => ({ params: { id: world.itemA.id } }),
    status: 200,
  },
  'inspectionKinds.list': { request: () => ({}), status: 200 },
  'inspectionKinds.create': {
    request: ({ world }) => ({
      body: { component_id: world.component.id, name: unique('PAT test'), interval_days: 365 },
    }),
    status: 201,
  },
  'inspectionKinds.update': {
    request: async ({ app, world }) => ({
      params: { id: (await buildInspectionKind(app, { component_id: world.component.id })).id },
      body: { interval_days: 180 },
    }),
    status: 200,
  },
  'inspectionKinds.remove': {
    request: async ({ app, world }) => ({
      params: { id: (await buildInspectionKind(app, { component_id: world.component.id })).id },
    }),
    status: 200,
  },
  'inspections.record': {
    request: async ({ app, world }) => {
      const kind = await buildInspectionKind(app, { component_id: world.component.id });
      return {
        params: { id: world.itemA.id },
        raw: await multipartBody({ kind_id: kind.id, result: 'passed', date: today() }, [
          { filename: 'certificate.pdf', type: 'application/pdf', bytes: pdfBytes() },
        ]),
      };
    },
    status: 201,
  },
  'inspections.forItem': {
    request: ({ world }) => ({ params: { id: world.itemA.id } }),
    status: 200,
  },
  'inspections.attachment': {
    request: async ({ app, world }) => {
      const kind = await buildInspectionKind(app, { component_id: world.component.id });
      const inspection = await buildInspection(app, {
        item_id: world.itemA.id,
        kind_id: kind.id,
        certificate: true,
      });
      return { params: { id: inspection.id, attachmentId: inspection.attachments[0]!.id } };
    },
    status: 200,
  },
  'inspections.due': { request: () => ({ query: { days: '30' } }), status: 200 },
  'inspections.forJob': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'inspections.digest': { request: () => ({}), status: 200 },
  'inspections.setDigest': { request: () => ({ body: { enabled: true } }), status: 200 },

  'roundTrip.dispatch': {
    request: async ({ app }) => {
      const manifest = await buildManifest(app);
      await buildItem(app, { manifest_id: manifest.id });
      return { params: { id: manifest.id } };
    },
    status: 200,
  },
  'roundTrip.returnItem': {
    request: async ({ app }) => {
      const { manifest, items } = await buildOutJob(app);
      return {
        params: { id: manifest.id },
        body: { item_id: items[0]!.id, condition: 'damaged', note: 'Bent' },
      };
    },
    status: 200,
  },
  'roundTrip.returns': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'roundTrip.close': {
    request: async ({ app }) => ({ params: { id: (await buildOutJob(app)).manifest.id } }),
    status: 200,
  },
  'roundTrip.out': { request: () => ({}), status: 200 },

  'reservations.reserve': {
    request: async ({ app }) => {
      const manifest = await buildManifest(app, { out_date: '2031-06-03', due_date: '2031-06-09' });
      return { params: { id: manifest.id } };
    },
    status: 200,
  },
  'reservations.unreserve': {
    request: async ({ app }) => {
      const manifest = await buildManifest(app, { out_date: '2031-06-03', due_date: '2031-06-09' });
      await reserveJob(app, manifest.id, {}, null);
      return { params: { id: manifest.id } };
    },
    status: 200,
  },
  'reservations.list': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'reservations.add': {
    request: async ({ app }) => {
      const manifest = await buildManifest(app);
      return { params: { id: manifest.id }, body: { item_id: (await buildItem(app)).id } };
    },
    status: 201,
  },
  'reservations.remove': {
    request: async ({ app }) => {
      const manifest = await buildManifest(app);
      const item = await buildItem(app);
      await addReservation(app, manifest.id, { item_id: item.id }, null);
      return { params: { id: manifest.id }, body: { item_id: item.id } };
    },
    status: 200,
  },
  'reservations.manifestAvailability': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },
  'reservations.availability': {
    request: () => ({ query: { from: '2031-06-01', to: '2031-06-30' } }),
    status: 200,
  },
  'reservations.calendar': {
    request: () => ({ query: { from: '2031-06-01', to: '2031-06-30' } }),
    status: 200,
  },
  'reservations.itemBookings': {
    request: ({ world }) => ({ params: { id: world.itemA.id } }),
    status: 200,
  },
  'import.import': {
    request: () => ({
      query: { dry_run: 'true' },
      raw: { payload: Buffer.from('name,type\nImported crate,Crate\n'), contentType: 'text/csv' },
    }),
    status: 200,
  },
  'import.export': { request: () => ({}), status: 200 },
  'printing.presets': { request: () => ({}), status: 200 },
  'printing.saveOffset': {
    request: () => ({ params: { id: 'avery-l7160' }, body: { x: 0.5, y: -0.5 } }),
    status: 200,
  },
  // Blank codes, which client users may print too; labels for items are staff-only
  // (printing.test.ts).
  'printing.print': { request: () => ({ body: { preset: 'zebra-2x1', count: 1 } }), status: 200 },
  // Stock-takes: staff only. Each write counts a fresh place, so the world stays as it is.
  'stocktakes.start': {
    request: ({ world }) => ({ body: { location_id: world.location.id } }),
    status: 201,
  },
  'stocktakes.list': { request: () => ({}), status: 200 },
  'stocktakes.location': {
    request: ({ world }) => ({ params: { id: world.location.id } }),
    status: 200,
  },
  'stocktakes.get': {
    request: async ({ app }) => ({ params: { id: (await buildStocktake(app)).id } }),
    status: 200,
  },
  'stocktakes.scan': {
    request: async ({ app }) => {
      const location = await buildLocation(app);
      const item = await buildItem(app, { location_id: location.id });
      const label = await buildLabel(app, { item_id: item.id });
      const stocktake = await buildStocktake(app, { location_id: location.id });
      return { params: { id: stocktake.id }, body: { code: label.id } };
    },
    status: 200,
  },
  'stocktakes.move': {
    request: async ({ app }) => {
      const item = await buildItem(app, { location_id: (await buildLocation(app)).id });
      const label = await buildLabel(app, { item_id: item.id });
      const stocktake = await buildStocktake(app);
      await buildStocktakeScan(app, stocktake.id, label.id);
      return { params: { id: stocktake.id }, body: { item_id: item.id } };
    },
    status: 200,
  },
  'stocktakes.finish': {
    request: async ({ app }) => ({
      params: { id: (await buildStocktake(app)).id },
      body: { mark_missing: [] },
    }),
    status: 200,
  },
  'stocktakes.reportPdf': {
    request: async ({ app }) => ({ params: { id: (await buildStocktake(app)).id } }),
    status: 200,
  },
  'stocktakes.reportCsv': {
    request: async ({ app }) => ({ params: { id: (await buildStocktake(app)).id } }),
    status: 200,
  },
  'printing.packingSheet': {
    request: ({ world }) => ({ params: { id: world.manifestA.id } }),
    status: 200,
  },

  'itemComponents.list': {
    request: ({ world }) => ({ params: { id: world.itemA.id } }),
    status: 200,
  },
  'itemComponents.add': {
    request: async ({ app, world }) => ({
      params: { id: world.itemA.id },
      body: { component_id: (await buildComponent(app)).id, count: 3 },
    }),
    status: 201,
  },
  'itemComponents.update': {
    request: ({ world }) => ({
      params: { itemId: world.itemA.id, componentId: world.component.id },
      body: { count: 6 },
    }),
    status: 200,
  },
  'itemComponents.remove': {
    request: async ({ app, world }) => {
      const component = await buildComponent(app);
      await buildItemComponent(app, world.itemA.id, component.id, 1);
      return { params: { itemId: world.itemA.id, componentId: component.id } };
    },
    status: 200,
  },
};

function prefixed<G extends string, S extends Record<string, Sample>>(group: G, samples: S) {
  return Object.fromEntries(
    Object.entries(samples).map(([name, sample]) => [`${group}.${name}`, sample]),
  ) as { [K in keyof S as `${G}.${K & string}`]: Sample };
}
