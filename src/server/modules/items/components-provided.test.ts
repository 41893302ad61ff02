import { describe, expect, it } from 'vitest';
import { anonymous, useTestApp } from '../../../../test/helpers/app.ts';
import { componentsProvided } from '../../../common/components-provided.ts';
import type { Item } from '../../../common/schemas/item.ts';
import type { ItemComponent, ManifestComponent } from '../../../common/schemas/item-component.ts';

/**
 * The phone counts what a packed item provides with componentsProvided (the offline queue);
 * the server sums a manifest's items in SQL. Both must give the same totals, contents of a
 * container included.
 */
const t = useTestApp();
const [staff] = t.signIn('staff');
const call = t.caller('/api/inventory');
const byId = (rows: { component_id: string; count: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.component_id, r.count]));

describe('what a packed container provides', () => {
  it('is refused to anonymous visitors', async () => {
    const manifest = await t.build.manifest();
    expect((await call(anonymous, 'GET', `/manifests/${manifest.id}/components`)).statusCode).toBe(
      401,
    );
  });

  it('is the same on the phone (from the item, its contents and their components) and on the server', async () => {
    const [crateType, panel, clamp] = [
      await t.build.component({ name: 'Crate' }),
      await t.build.component({ name: 'Panel' }),
      await t.build.component({ name: 'Clamp' }),
    ];
    const crate = await t.build.item({ name: 'Crate 1', component_id: crateType.id });
    await t.build.itemComponent(crate.id, clamp.id, 1);
    const bag = await t.build.item({ name: 'Bag', container_id: crate.id });
    await t.build.item({ name: 'Panel 1', component_id: panel.id, container_id: crate.id });
    const deep = await t.build.item({
      name: 'Panel 2',
      component_id: panel.id,
      container_id: bag.id,
    });
    await t.build.itemComponent(deep.id, clamp.id, 4);
    const manifest = await t.build.manifest();
    const packed = await call(staff, 'POST', '/allocate', {
      id: crate.id,
      manifest_id: manifest.id,
    });
    expect(packed.statusCode, packed.body).toBe(200);

    // What the phone reads of the scanned item: the item, its contents, each one's components.
    const contents = (
      await call(staff, 'GET', `/items/${crate.id}/contents?deep=true`)
    ).json() as Item[];
    const onPhone = await Promise.all(
      [crate, ...contents].map(async (item) => ({
        ...item,
        components: (
          await call(staff, 'GET', `/items/${item.id}/components`)
        ).json() as ItemComponent[],
      })),
    );
    const server = (
      await call(staff, 'GET', `/manifests/${manifest.id}/components`)
    ).json() as ManifestComponent[];
    expect(byId(componentsProvided(onPhone))).toEqual(byId(server));
    expect(byId(server)).toEqual({ [crateType.id]: 1, [panel.id]: 2, [clamp.id]: 5 });
  });
});
