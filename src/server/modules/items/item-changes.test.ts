import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KyselyPlugin, Transaction } from 'kysely';
import { useTestApp } from '../../../../test/helpers/app.ts';
import { BATCH_SIZE } from '../../db/batches.ts';
import type { Database } from '../../db/schema.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { itemChangesRepo } from './item-changes.repo.ts';
import { writeItemChanges, type ItemChange } from './item-changes.service.ts';

/**
 * The door writes edits of existing items set-based (docs/decisions.md, "Set-based item
 * edits"): a batch of rows per UPDATE, with the same answers as one UPDATE per row gave.
 * An import of 1,200 rows is the size where that shows.
 */

const t = useTestApp();
const ITEMS = 1_200;

const now = () => new Date().toISOString();

async function write(changes: ItemChange[], plugin?: KyselyPlugin) {
  await t.app.db.transaction().execute(async (trx) => {
    const db = plugin ? trx.withPlugin(plugin) : trx;
    const context = { dialect: t.database.handle.dialect, actor: null, scope: EVERYTHING };
    await writeItemChanges(db as Transaction<Database>, context, changes, now());
  });
}

/** Fresh items for one test, all with the note "before". */
async function storedItems(): Promise<string[]> {
  const ids = Array.from({ length: ITEMS }, () => randomUUID());
  await write(
    ids.map((id) => ({ id, create: true, values: { name: `Case ${id}`, note: 'before' } })),
  );
  return ids;
}

const snapshot = (ids: string[]) =>
  t.app.db
    .selectFrom('items')
    .select(['id', 'name', 'note', 'version', 'updated_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();

/** Every item's note changed, each from the version it was read at. */
async function noteEdits(ids: string[]): Promise<ItemChange[]> {
  const versions = new Map((await snapshot(ids)).map((r) => [r.id, r.version]));
  return ids.map((id) => ({
    id,
    create: false,
    values: { note: 'after' },
    expected: versions.get(id)!,
  }));
}

/** Counts the UPDATE statements on the items table that go through it. */
function itemUpdateCounter() {
  const counter = { updates: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (node.kind === 'UpdateQueryNode' && JSON.stringify(node.table).includes('"items"')) {
        counter.updates++;
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { counter, plugin };
}

describe('editing 1,200 existing items in one write', () => {
  it('one of them changed meanwhile: the 409 with that item as it is now, nothing written', async () => {
    const ids = await storedItems();
    const edits = await noteEdits(ids);
    const stale = ids[700]!;
    await write([{ id: stale, create: false, values: { note: 'meanwhile' } }]);
    const before = await snapshot(ids);

    const refused = write(edits);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      current: { id: stale, note: 'meanwhile' },
    });
    expect(await snapshot(ids)).toEqual(before);
  });

  it('one of them deleted meanwhile: 404, nothing written', async () => {
    const ids = await storedItems();
    const edits = await noteEdits(ids);
    await t.app.db
      .transaction()
      .execute((trx) => itemChangesRepo.deleteWithDependents(trx, ids[1_100]!, now()));
    const before = await snapshot(ids);

    await expect(write(edits)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(await snapshot(ids)).toEqual(before);
  });

  it('the same item twice from one version: the second edit is stale, nothing written', async () => {
    const ids = await storedItems();
    const edits = await noteEdits(ids);
    const before = await snapshot(ids);

    await expect(
      write([...edits, { ...edits[5]!, values: { note: 'again' } }]),
    ).rejects.toMatchObject({ status: 409, current: { id: ids[5], note: 'after' } });
    expect(await snapshot(ids)).toEqual(before);
  });

  it('all current: every row written in one UPDATE per batch, each version moved once', async () => {
    const ids = await storedItems();
    const edits = await noteEdits(ids);
    const before = await snapshot(ids);
    const { counter, plugin } = itemUpdateCounter();

    await write(edits, plugin);

    expect(counter.updates).toBe(Math.ceil(ITEMS / BATCH_SIZE));
    const after = await snapshot(ids);
    expect(after.map((r) => [r.note, r.version])).toEqual(
      before.map((r) => ['after', r.version + 1]),
    );
    expect(after.map((r) => r.name)).toEqual(before.map((r) => r.name));
  });

  it('edits without a version: the last one of an item wins, its version moves per edit', async () => {
    const [first, second] = await storedItems();
    const before = await snapshot([first!, second!]);

    await write([
      { id: first!, create: false, values: { note: 'one', name: 'Renamed' } },
      { id: second!, create: false, values: { status: 'spare' } },
      { id: first!, create: false, values: { note: 'two' } },
    ]);

    const after = await snapshot([first!, second!]);
    const byId = new Map(after.map((r) => [r.id, r]));
    const was = new Map(before.map((r) => [r.id, r]));
    expect(byId.get(first!)).toMatchObject({
      name: 'Renamed',
      note: 'two',
      version: was.get(first!)!.version + 2,
    });
    expect(byId.get(second!)).toMatchObject({
      note: 'before',
      version: was.get(second!)!.version + 1,
    });
  });
});
