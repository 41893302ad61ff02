import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, loginAs } from '../../../test/helpers/app.ts';
import { createTestDatabase, TEST_ENGINE } from '../../../test/helpers/database.ts';
import { buildItem } from '../../../test/factories/items.ts';
import type { ItemPage } from '../../common/schemas/item.ts';
import { EVERYTHING } from '../modules/catalog/scope.ts';
import { workerReads } from './read-pool.ts';

// A closed gate holds every slow read where a long query would be running.
const gate = new Int32Array(new SharedArrayBuffer(4));
const t = await createTestApp({}, { readGate: gate });
afterAll(() => t.close());

describe('a slow search or list holds up nothing else', () => {
  it('answers health checks and item reads while a search and the unpaged list run', async () => {
    const staff = await loginAs(t.app, 'staff');
    const item = await buildItem(t.app, { name: 'Held crate' });
    let searchDone = false;
    const search = injectAs(t.app, staff, {
      method: 'GET',
      url: '/api/inventory/items?q=held',
    }).finally(() => {
      searchDone = true;
    });
    const list = injectAs(t.app, staff, { method: 'GET', url: '/api/inventory/items' });
    let answered = 0;
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const read = await injectAs(t.app, staff, {
        method: 'GET',
        url: `/api/inventory/items/${item.id}`,
      });
      expect(read.statusCode).toBe(200);
      if (!searchDone) answered++;
    }
    // Every one of them was answered while the search was held.
    expect(answered).toBe(5);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    const res = await search;
    expect(res.statusCode).toBe(200);
    expect((res.json() as ItemPage).items.map((i) => i.id)).toEqual([item.id]);
    const all = await list;
    expect(all.statusCode).toBe(200);
    expect((all.json() as Array<{ id: string }>).map((i) => i.id)).toEqual([item.id]);
  });
});

describe.runIf(TEST_ENGINE === 'sqlite')('the SQLite read pool', () => {
  it('reports a failed job, and the next job still runs', async () => {
    const database = await createTestDatabase();
    const reads = workerReads(database.handle.file!, { size: 1 });
    try {
      await expect(
        reads.run('countItems', null as unknown as { scope: typeof EVERYTHING }),
      ).rejects.toThrow();
      await expect(reads.run('countItems', { scope: EVERYTHING })).resolves.toBe(0);
    } finally {
      await reads.close();
      await database.drop();
    }
  });

  it('refuses jobs after closing, and rejects those still waiting', async () => {
    const database = await createTestDatabase();
    const held = new Int32Array(new SharedArrayBuffer(4));
    const reads = workerReads(database.handle.file!, { size: 1, gate: held });
    const outcome = (job: Promise<unknown>) => job.then(String, (err: Error) => err.message);
    const waiting = outcome(reads.run('countItems', { scope: EVERYTHING }));
    const queued = outcome(reads.run('countItems', { scope: EVERYTHING }));
    await reads.close();
    expect(await waiting).toMatch(/closed/);
    expect(await queued).toMatch(/closed/);
    await expect(reads.run('countItems', { scope: EVERYTHING })).rejects.toThrow(/closed/);
    await database.drop();
  });
});
