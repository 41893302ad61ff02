import type { FastifyInstance } from 'fastify';
import type { Role } from '../../../src/common/permissions.ts';
import type { Item } from '../../../src/common/schemas/item.ts';
import type { Label } from '../../../src/common/schemas/label.ts';
import type { ManifestRecord } from '../../../src/common/schemas/manifest.ts';
import { newId } from '../../../src/server/lib/ids.ts';
import type { ImageRow } from '../../../src/server/modules/images/images.repo.ts';
import { buildClient } from '../../factories/clients.ts';
import { buildComponent } from '../../factories/components.ts';
import { buildImage } from '../../factories/images.ts';
import { buildItem, buildItemComponent } from '../../factories/items.ts';
import { buildLabel } from '../../factories/labels.ts';
import { buildLocation } from '../../factories/locations.ts';
import { buildManifest, buildRequirement } from '../../factories/manifests.ts';
import { buildMember, type BuiltMember } from '../../factories/members.ts';
import { loginWith, type Session } from '../../helpers/app.ts';

interface Named {
  id: string;
  name: string;
}

/**
 * The fixture world of the role matrix, built once: two clients with items, manifests
 * and a client user of client A; one of everything an endpoint can point at. Every id
 * a path parameter needs comes from here, so an allowed call reaches a real record.
 */
export interface World {
  clientA: Named;
  clientB: Named;
  location: Named;
  /** The component type of itemA, required by manifestA, contained in itemA. */
  component: Named;
  manifestA: ManifestRecord;
  manifestB: ManifestRecord;
  itemA: Item;
  itemB: Item;
  label: Label;
  image: ImageRow;
  /** A member whose credentials the login sample uses. */
  loginTarget: BuiltMember;
  /** The signed-in member of each role; the client user belongs to client A. */
  members: Record<Exclude<Role, 'anonymous'>, BuiltMember>;
  sessions: Record<Role, Session>;
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const clientA = await buildClient(app, { name: 'Client A' });
  const clientB = await buildClient(app, { name: 'Client B' });
  const location = await buildLocation(app, { name: 'North yard' });
  const component = await buildComponent(app, { name: 'Scaffold tube 3m' });
  const manifestA = await buildManifest(app, { name: 'Manifest A', client_id: clientA.id });
  const manifestB = await buildManifest(app, { name: 'Manifest B', client_id: clientB.id });
  await buildRequirement(app, manifestA.id, component.id, 4);

  const itemA = await buildItem(app, {
    name: 'Crate A',
    note: 'Belongs to client A',
    status: 'Crate',
    client_id: clientA.id,
    location_id: location.id,
    component_id: component.id,
    manifest_id: manifestA.id,
  });
  const itemB = await buildItem(app, {
    name: 'Crate B',
    status: 'Crate',
    client_id: clientB.id,
    manifest_id: manifestB.id,
  });
  await buildItemComponent(app, itemA.id, component.id, 2);
  const label = await buildLabel(app, { item_id: itemA.id });
  const image = await buildImage(app, itemA.id);

  const members = {
    client: await buildMember(app, { role: 'client', client_id: clientA.id }),
    staff: await buildMember(app, { role: 'staff' }),
    admin: await buildMember(app, { role: 'admin' }),
  };
  const sessions: Record<Role, Session> = {
    anonymous: { member: null, headers: {} },
    client: await sessionOf(app, members.client),
    staff: await sessionOf(app, members.staff),
    admin: await sessionOf(app, members.admin),
  };
  const loginTarget = await buildMember(app, {
    role: 'staff',
    email: `login-${newId(8)}@example.com`,
  });

  return {
    clientA,
    clientB,
    location,
    component,
    manifestA,
    manifestB,
    itemA,
    itemB,
    label,
    image,
    loginTarget,
    members,
    sessions,
  };
}

/** A new session of an existing member, through the real login route. */
export async function sessionOf(app: FastifyInstance, member: BuiltMember): Promise<Session> {
  return { member, headers: { cookie: await loginWith(app, member.email, member.password) } };
}
