import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { activityCount } from '../../../../test/helpers/catalog.ts';
import { namedEntitySuite } from '../../../../test/helpers/named-entity-suite.ts';

const t = useTestApp();

namedEntitySuite(t, 'components');

describe('/api/inventory/components: client users', () => {
  it('read every component type', async () => {
    const component = await t.build.component();
    const session = await t.loginAs('client');
    const listed = await t.inject(session, {
      method: 'GET',
      url: '/api/inventory/components',
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { id: string }) => c.id)).toContain(component.id);
    const one = await t.inject(session, {
      method: 'GET',
      url: `/api/inventory/components/${component.id}`,
    });
    expect(one.json()).toMatchObject({ id: component.id, name: component.name });
  });
});

describe('DELETE /api/inventory/components/:id while in use', () => {
  let staff: Session;
  beforeAll(async () => {
    staff = await t.loginAs('staff');
  });
  const remove = (id: string) =>
    t.inject(staff, { method: 'DELETE', url: `/api/inventory/components/${id}` });

  it('is a 409 naming items of the type, manifests and item contents, and changes nothing', async () => {
    const component = await t.build.component({ name: 'Truss 2m' });
    await t.build.item({ component_id: component.id });
    await t.build.item({ component_id: component.id });
    const manifest = await t.build.manifest();
    await t.build.requirement(manifest.id, component.id, 4);
    const box = await t.build.item();
    await t.build.itemComponent(box.id, component.id, 6);
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
    const required = await t.build.component();
    await t.build.requirement((await t.build.manifest()).id, required.id);
    expect(errorOf(await remove(required.id)).message).toBe(
      'This component type is still used by 1 manifest.',
    );

    const contained = await t.build.component();
    await t.build.itemComponent((await t.build.item()).id, contained.id);
    await t.build.itemComponent((await t.build.item()).id, contained.id);
    expect(errorOf(await remove(contained.id)).message).toBe(
      'This component type is still used by 2 items that contain it.',
    );
  });
});
