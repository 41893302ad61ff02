import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../../../../test/helpers/app.ts';

/**
 * Double booking cannot happen by racing (Shelf #2662: a check and a write apart): two app
 * instances on one database send the competing writes at the same moment, and exactly one
 * wins while the other gets the 409, on SQLite and on PostgreSQL. Several rounds, because
 * one round could pass by luck.
 */
const t = useTestApp();
const other = t.secondInstance();
const [staff] = t.signIn('staff');

const SUMMER = { out_date: '2027-06-03', due_date: '2027-06-09' };
const AUTUMN = { out_date: '2027-06-08', due_date: '2027-06-15' };
const ROUNDS = 5;

function send(app: typeof t.app, method: 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url: `/api/inventory${url}`,
    headers: staff.headers,
    ...(payload ? { payload } : {}),
  });
}

async function job(name: string, dates: object) {
  const res = await send(t.app, 'POST', '/manifests', { name, ...dates });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

/** Exactly one success (`ok`) and one 409 overbooked. */
function oneWins(results: Array<{ statusCode: number; body: string }>, ok: number) {
  const statuses = results.map((r) => r.statusCode).sort();
  expect(statuses, results.map((r) => r.body).join('\n')).toEqual([ok, 409].sort());
  const loser = results.find((r) => r.statusCode === 409)!;
  expect(errorOf(loser as never).code).toBe('overbooked');
}

describe('racing for the same kit from two instances', () => {
  it('for the last unit by count: one reserve wins, the other is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const type = await t.build.component({ name: `Last unit ${round}` });
      await t.build.item({ name: `Last deck ${round}`, component_id: type.id });
      const a = await job(`Race A ${round}`, SUMMER);
      const b = await job(`Race B ${round}`, AUTUMN);
      for (const j of [a, b]) {
        const req = await send(t.app, 'POST', `/manifests/${j.id}/requirements`, {
          component_id: type.id,
          count: 1,
        });
        expect(req.statusCode).toBe(201);
      }
      const results = await Promise.all([
        send(t.app, 'POST', `/manifests/${a.id}/reserve`),
        send(other.app, 'POST', `/manifests/${b.id}/reserve`),
      ]);
      oneWins(results, 200);
      const stages = await t.app.db
        .selectFrom('manifests')
        .select('stage')
        .where('id', 'in', [a.id, b.id])
        .execute();
      expect(stages.map((s) => s.stage).sort()).toEqual(['planning', 'reserved']);
    }
  });

  it('for the same item: one named reservation wins, the other is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const item = await t.build.item({ name: `Contested crate ${round}` });
      const a = await job(`Crate A ${round}`, SUMMER);
      const b = await job(`Crate B ${round}`, AUTUMN);
      for (const j of [a, b]) {
        expect((await send(t.app, 'POST', `/manifests/${j.id}/reserve`)).statusCode).toBe(200);
      }
      const results = await Promise.all([
        send(t.app, 'POST', `/manifests/${a.id}/reservations`, { item_id: item.id }),
        send(other.app, 'POST', `/manifests/${b.id}/reservations`, { item_id: item.id }),
      ]);
      oneWins(results, 201);
      const lines = await t.app.db
        .selectFrom('reservations')
        .select('manifest_id')
        .where('item_id', '=', item.id)
        .execute();
      expect(lines).toHaveLength(1);
    }
  });
});
