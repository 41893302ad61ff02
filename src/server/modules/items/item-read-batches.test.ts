import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.ts';
import { TEST_ENGINE } from '../../../../test/helpers/database.ts';
import { openDatabase, type DbHandle } from '../../db/connection.ts';
import type { Scope } from '../catalog/scope.ts';
import { itemsRepo } from './items.repo.ts';

/**
 * The item reads of one moment (items.repo.ts, db/read-batch.ts): on PostgreSQL they share
 * a query with a fixed number of ids, padded, at most 64 at a time. On SQLite each reads
 * alone; the answers must be the same either way.
 */
const t = useTestApp();
const ids: string[] = [];
let clientId: string;

beforeAll(async () => {
  clientId = (await t.build.client({ name: 'Batch client' })).id;
  const job = await t.build.manifest({ name: 'Batch job', client_id: clientId });
  for (let i = 0; i < 70; i++) {
    const item = await t.build.item({
      name: `Batch crate ${i}`,
      ...(i % 2 === 0 ? { client_id: clientId, manifest_id: job.id } : {}),
    });
    ids.push(item.id);
  }
});

const everyone: Scope = { kind: 'all' };

describe('item reads of one moment', () => {
  it('answers each read with its own item, for every batch size, past 64, with unknown ids', async () => {
    const asked = [...ids, 'nosuchitem01', ids[3]!, 'nosuchitem02'];
    for (const count of [1, 2, 3, 5, 9, 17, 33, 64, 65, asked.length]) {
      const wanted = asked.slice(0, count);
      const together = await Promise.all(
        wanted.map((id) => itemsRepo.find(t.app.db, id, everyone)),
      );
      expect(together.map((item) => item?.id ?? null)).toEqual(
        wanted.map((id) => (id.startsWith('nosuch') ? null : id)),
      );
    }
    const crate = (await itemsRepo.find(t.app.db, ids[0]!, everyone))!;
    expect(crate).toMatchObject({ name: 'Batch crate 0', manifest_name: 'Batch job' });
  });

  it('keeps each read in its own scope when scopes are read at the same moment', async () => {
    const theirs: Scope = { kind: 'client', clientId: 'someone-else' };
    const own: Scope = { kind: 'client', clientId };
    // Two reads per scope, so that each scope's reads go out as a batch on PostgreSQL.
    const [asStaff, , asOther, , asOwner] = await Promise.all([
      itemsRepo.find(t.app.db, ids[0]!, everyone),
      itemsRepo.find(t.app.db, ids[2]!, everyone),
      itemsRepo.find(t.app.db, ids[0]!, theirs),
      itemsRepo.find(t.app.db, ids[2]!, theirs),
      itemsRepo.find(t.app.db, ids[0]!, own),
      itemsRepo.find(t.app.db, ids[2]!, own),
    ]);
    expect(asStaff?.manifest_name).toBe('Batch job');
    expect(asOther?.manifest_name).toBeNull();
    expect(asOwner?.manifest_name).toBe('Batch job');
  });
});

// Before, one array parameter: PostgreSQL planned every batch afresh (0.45 ms each).
describe.skipIf(TEST_ENGINE !== 'postgres')('a batch of item reads on PostgreSQL', () => {
  it('is planned once and then kept as a generic plan', async () => {
    // A handle of its own, used one query at a time: its one connection prepared them all.
    const handle: DbHandle = openDatabase({
      databaseUrl: t.database.databaseUrl,
      dataDir: t.database.dataDir,
    });
    try {
      for (let run = 0; run < 8; run++) {
        await Promise.all(ids.slice(0, 3).map((id) => itemsRepo.find(handle.db, id, everyone)));
      }
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
        select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%"items"."id" in (%' or statement like '%"items"."id" = ANY(%'`.execute(
        handle.db,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.generic_plans).toBeGreaterThan(0);
    } finally {
      await handle.db.destroy();
    }
  });
});
