import { beforeAll, describe, expect, it } from 'vitest';
import {
  errorOf,
  injectAs,
  loginAs,
  type Session,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { buildComponent } from '../../../../test/factories/components.ts';
import { buildManifest, buildRequirement } from '../../../../test/factories/manifests.ts';
import { activityCount } from '../catalog/catalog.testkit.ts';
import { namedEntitySuite } from '../catalog/named-entity.suite.ts';
import { buildItem, buildItemComponent } from '../../../../test/factories/items.ts';

const t = useTestApp();

namedEntitySuite({
  path: '/api/inventory/components',
  noun: 'Component type',
  activityType: 'COMPONENT',
  itemColumn: 'component_id',
  app: () => t.app,
  build: buildComponent,
});

describe('/api/inventory/components: client users', () => {
  it('read every component type', async () => {
    const component = await buildComponent(t.app);
    const session = await loginAs(t.app, 'client');
    const listed = await injectAs(t.app, session, {
      method: 'GET',
      url: '/api/inventory/components',
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { id: string }) => c.id)).toContain(component.id);
    const one = await injectAs(t.app, session, {
      method: 'GET',
      url: `/api/inventory/components/${component.id}`,
    });
    expect(one.json()).toMatchObject({ id: component.id, name: component.name });
  });
});

describe('DELETE /api/inventory/components/:id while in use', () => {
  let staff: Session;
  beforeAll(async () => {
    staff = await loginAs(t.app, 'staff');
  });
  const remove = (id: string) =>
    injectAs(t.app, staff, { method: 'DELETE', url: `/api/inventory/components/${id}` });

  it('is a 409 naming items of the type, manifests and item contents, and changes nothing', async () => {
    const component = await buildComponent(t.app, { name: 'Truss 2m' });
    await buildItem(t.app, { component_id: component.id });
    await buildItem(t.app, { component_id: component.id });
    const manifest = await buildManifest(t.app);
    await buildRequirement(t.app, manifest.id, component.id, 4);
    const box = await buildItem(t.app);
    await buildItemComponent(t.app, box.id, component.id, 6);
    const before = await activityCount(t.app);

    const res = await remove(component.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(
      'This component type is still used by 2 items of this type, 1 manifest and 1 item that contains it.',
    );
    const rows = await t.app.db
      .selectFrom('requirements')
      .select('count')
      .where('component_id', '=', component.id)
      .execute();
    expect(rows).toEqual([{ count: 4 }]);
    expect(await activityCount(t.app)).toBe(before);
  });

  it('is a 409 for each kind of use on its own', async () => {
    const required = await buildComponent(t.app);
    await buildRequirement(t.app, (await buildManifest(t.app)).id, required.id);
    expect(errorOf(await remove(required.id)).message).toBe(
      'This component type is still used by 1 manifest.',
    );

    const contained = await buildComponent(t.app);
    await buildItemComponent(t.app, (await buildItem(t.app)).id, contained.id);
    await buildItemComponent(t.app, (await buildItem(t.app)).id, contained.id);
    expect(errorOf(await remove(contained.id)).message).toBe(
      'This component type is still used by 2 items that contain it.',
    );
  });
});
