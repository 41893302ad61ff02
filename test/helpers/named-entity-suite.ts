/**
 * The tests every name-only catalog entity (clients, locations, component types) must
 * pass, run from each module's own test file. Entity-specific rules (who may read what,
 * what blocks a delete) are tested beside the call to this suite.
 */
import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, injectAs, type TestSuite } from './app.ts';
import { foldSearchField } from '../../src/common/search.ts';
import {
  activityCount,
  BAD_NAME_BODIES,
  lastActivityFor,
  protoPayload,
  withActivityBroken,
} from './catalog.ts';

/**
 * What differs between the name-only entities, by their path under /api/inventory: the
 * factory's name, which is also the feed type and the items column (`client` → CLIENT,
 * client_id), and the noun of "Client not found."
 */
const ENTITIES = {
  clients: { factory: 'client', noun: 'Client' },
  locations: { factory: 'location', noun: 'Location' },
  components: { factory: 'component', noun: 'Component type' },
} as const;

interface NamedBody {
  id: string;
  name: string;
  updated_at: string;
}

export function namedEntitySuite(t: TestSuite, entity: keyof typeof ENTITIES): void {
  const { factory, noun } = ENTITIES[entity];
  const s = {
    noun,
    activityType: factory.toUpperCase() as Uppercase<typeof factory>,
    itemColumn: `${factory}_id` as const,
    path: `/api/inventory/${entity}`,
    build: (overrides?: { name?: string }) => t.build[factory](overrides),
  };
  const [client, staff] = t.signIn('client', 'staff');
  const app = () => t.app;
  const list = async (): Promise<NamedBody[]> =>
    (await injectAs(app(), staff, { method: 'GET', url: s.path })).json();
  const nameOf = async (id: string) => (await list()).find((r) => r.id === id)?.name;

  describe(`${s.path}: refusals`, () => {
    it('answers 401 to anonymous callers on every route, and changes nothing', async () => {
      const row = await s.build({ name: 'Anonymous target' });
      const before = await activityCount(app());
      const calls = [
        { method: 'GET', url: s.path },
        { method: 'GET', url: `${s.path}/${row.id}` },
        { method: 'POST', url: s.path, payload: { name: 'By nobody' } },
        { method: 'PUT', url: `${s.path}/${row.id}`, payload: { name: 'Renamed by nobody' } },
        { method: 'DELETE', url: `${s.path}/${row.id}` },
      ] as const;
      for (const call of calls) {
        const res = await injectAs(app(), anonymous, call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(errorOf(res).code).toBe('unauthorized');
      }
      expect(await nameOf(row.id)).toBe('Anonymous target');
      expect((await list()).some((r) => r.name === 'By nobody')).toBe(false);
      expect(await activityCount(app())).toBe(before);
    });

    it('answers 403 to client users on every write, and changes nothing', async () => {
      const row = await s.build({ name: 'Client target' });
      const before = await activityCount(app());
      const calls = [
        { method: 'POST', url: s.path, payload: { name: 'By a client' } },
        { method: 'PUT', url: `${s.path}/${row.id}`, payload: { name: 'Renamed by a client' } },
        { method: 'DELETE', url: `${s.path}/${row.id}` },
      ] as const;
      for (const call of calls) {
        const res = await injectAs(app(), client, call);
        expect(res.statusCode, `${call.method}`).toBe(403);
        expect(errorOf(res).code).toBe('forbidden');
      }
      expect(await nameOf(row.id)).toBe('Client target');
      expect((await list()).some((r) => r.name === 'By a client')).toBe(false);
      expect(await activityCount(app())).toBe(before);
    });

    it('refuses bad bodies on create and update with 400 and a readable message', async () => {
      const row = await s.build({ name: 'Stays put' });
      const countBefore = (await list()).length;
      const activityBefore = await activityCount(app());
      for (const { body, message } of BAD_NAME_BODIES) {
        for (const [method, url] of [
          ['POST', s.path],
          ['PUT', `${s.path}/${row.id}`],
        ] as const) {
          const res = await injectAs(app(), staff, { method, url, payload: body as object });
          expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
          expect(errorOf(res).message).toMatch(message);
        }
      }
      const proto = await injectAs(app(), staff, {
        method: 'POST',
        url: s.path,
        ...protoPayload({ name: 'Poisoned' }),
      });
      expect(proto.statusCode).toBe(400);
      expect((await list()).length).toBe(countBefore);
      expect(await nameOf(row.id)).toBe('Stays put');
      expect(await activityCount(app())).toBe(activityBefore);
    });

    it('refuses malformed ids with 400 and unknown ids with 404', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const payload = method === 'PUT' ? { name: 'Whatever' } : undefined;
        const bad = await injectAs(app(), staff, {
          method,
          url: `${s.path}/not%20an%20id`,
          payload,
        });
        expect(bad.statusCode).toBe(400);
        const unknown = await injectAs(app(), staff, {
          method,
          url: `${s.path}/nosuchid`,
          payload,
        });
        expect(unknown.statusCode).toBe(404);
        expect(errorOf(unknown).message).toBe(`${s.noun} not found.`);
      }
    });
  });

  describe(`${s.path}: behaviour`, () => {
    it('creates with a trimmed name, answers 201, and records who did it', async () => {
      const res = await injectAs(app(), staff, {
        method: 'POST',
        url: s.path,
        payload: { name: '  Fresh one  ' },
      });
      expect(res.statusCode).toBe(201);
      const created: NamedBody = res.json();
      expect(Object.keys(created).sort()).toEqual(['id', 'name', 'updated_at', 'version']);
      expect(created.name).toBe('Fresh one');
      expect(Date.parse(created.updated_at)).toBeGreaterThan(Date.now() - 60_000);

      const got = await injectAs(app(), staff, { method: 'GET', url: `${s.path}/${created.id}` });
      expect(got.json()).toEqual(created);

      const entry = await lastActivityFor(app(), created.id);
      expect(entry).toMatchObject({
        type: s.activityType,
        action: 'CREATE',
        email: staff.member!.email,
        ref_name: 'Fresh one',
        ref_id: created.id,
      });
    });

    it('lists by name, ignoring case, the same way on both databases', async () => {
      const names = ['banana split', 'Apple', '_underscore', 'apple pie', 'Zebra', 'cherry'];
      for (const name of names) await s.build({ name });
      const listed = (await list()).map((r) => r.name).filter((n) => names.includes(n));
      // Lower-cased, then compared by character code: '_' sorts before letters.
      expect(listed).toEqual([
        '_underscore',
        'Apple',
        'apple pie',
        'banana split',
        'cherry',
        'Zebra',
      ]);
    });

    it('renames, moving updated_at forward and recording an UPDATE', async () => {
      const row = await s.build({ name: 'Old name' });
      const before = (await list()).find((r) => r.id === row.id)!;
      const res = await injectAs(app(), staff, {
        method: 'PUT',
        url: `${s.path}/${row.id}`,
        payload: { name: 'New name' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: row.id, name: 'New name' });
      expect(res.json().updated_at >= before.updated_at).toBe(true);
      expect(await nameOf(row.id)).toBe('New name');
      expect(await lastActivityFor(app(), row.id)).toMatchObject({
        action: 'UPDATE',
        ref_name: 'New name',
        email: staff.member!.email,
      });
    });

    it('renames inside the search documents of the items that use it', async () => {
      const row = await s.build({ name: 'Before Rename' });
      // The factory writes the search document as the app does: no refresh needed here.
      const item = await t.build.item({ [s.itemColumn]: row.id });
      const field = s.itemColumn.replace('_id', '_name') as
        'client_name' | 'location_name' | 'component_name';
      const searched = () =>
        app()
          .db.selectFrom('item_search')
          .select(field)
          .where('item_id', '=', item.id)
          .executeTakeFirstOrThrow();
      expect(await searched()).toEqual({ [field]: foldSearchField('Before Rename') });
      await injectAs(app(), staff, {
        method: 'PUT',
        url: `${s.path}/${row.id}`,
        payload: { name: 'Après Rename' },
      });
      expect(await searched()).toEqual({ [field]: foldSearchField('Après Rename') });
    });

    it('deletes an unused row and keeps its name in the feed', async () => {
      const row = await s.build({ name: 'Short-lived' });
      const res = await injectAs(app(), staff, { method: 'DELETE', url: `${s.path}/${row.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const gone = await injectAs(app(), staff, { method: 'GET', url: `${s.path}/${row.id}` });
      expect(gone.statusCode).toBe(404);
      expect(await lastActivityFor(app(), row.id)).toMatchObject({
        type: s.activityType,
        action: 'DELETE',
        ref_name: 'Short-lived',
        ref_id: row.id,
      });
      const again = await injectAs(app(), staff, { method: 'DELETE', url: `${s.path}/${row.id}` });
      expect(again.statusCode).toBe(404);
    });

    it('rolls the change back when its feed entry cannot be written', async () => {
      const row = await s.build({ name: 'Survivor' });
      const countBefore = (await list()).length;
      const activityBefore = await activityCount(app());
      await withActivityBroken(app(), async () => {
        const created = await injectAs(app(), staff, {
          method: 'POST',
          url: s.path,
          payload: { name: 'Never saved' },
        });
        expect(created.statusCode).toBe(500);
        const renamed = await injectAs(app(), staff, {
          method: 'PUT',
          url: `${s.path}/${row.id}`,
          payload: { name: 'Never renamed' },
        });
        expect(renamed.statusCode).toBe(500);
        const deleted = await injectAs(app(), staff, {
          method: 'DELETE',
          url: `${s.path}/${row.id}`,
        });
        expect(deleted.statusCode).toBe(500);
      });
      expect((await list()).length).toBe(countBefore);
      expect(await nameOf(row.id)).toBe('Survivor');
      expect(await activityCount(app())).toBe(activityBefore);
    });
  });
}
