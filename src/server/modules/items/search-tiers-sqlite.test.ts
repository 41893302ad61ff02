import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { TEST_ENGINE } from '../../../../test/helpers/database.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';
import { planSearch, SEARCH_FIELDS } from '../../../common/search.ts';
import { clientKey, sqliteTiers, typeKey } from './search-tiers-sqlite.repo.ts';
import {
  DOCUMENT,
  indexableWords,
  type SearchDocument,
  type SearchFilters,
} from './search-tiers.repo.ts';
import { refreshSearchForReference } from './search.repo.ts';

/**
 * SQLite's two trigram indexes and their one-trigram filter keys (migration 025): the
 * search asks for the keys the database wrote, and the triggers keep both indexes equal
 * to the documents through every kind of change (FTS5's integrity check compares them).
 */
describe.skipIf(TEST_ENGINE !== 'sqlite')('SQLite search indexes and filter keys', () => {
  const t = useTestApp();
  const [staff, client] = t.signIn('staff', 'client');

  const search = async (session: Session, query: string) => {
    const res = await t.request(session, 'GET', `/api/inventory/items?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ItemPage).items.map((i) => i.id);
  };
  /** Throws (SQLITE_CORRUPT_VTAB) when an index differs from item_search. */
  const indexesMatchDocuments = async () => {
    for (const table of ['item_fts', 'item_name_fts']) {
      await sql`INSERT INTO ${sql.table(table)}(${sql.id(table)}, rank)
        VALUES ('integrity-check', 1)`.execute(t.app.db);
    }
  };

  it("does not show a client user another client's item whose id begins like their client's", async () => {
    const own = client.member!.client_id!;
    const lookalike = await t.build.client({ name: 'Lookalike' });
    const sameKey = `${own.slice(0, 6)}${lookalike.id.slice(6)}zz`;
    await t.app.db
      .updateTable('clients')
      .set({ id: sameKey })
      .where('id', '=', lookalike.id)
      .execute();
    expect(clientKey(sameKey)).toBe(clientKey(own));
    const theirs = await t.build.item({
      name: 'Gannet crate',
      status: 'Crate',
      client_id: sameKey,
    });
    const mine = await t.build.item({ name: 'Gannet box', status: 'Crate', client_id: own });

    for (const query of ['q=gannet', 'q=gannet&status=Crate', 'q=gann', 'q=gannett', 'q=crate']) {
      const found = await search(client, query);
      expect(found, query).not.toContain(theirs.id);
    }
    expect(await search(client, 'q=gannet')).toEqual([mine.id]);
    expect((await search(staff, 'q=gannet')).sort()).toEqual([theirs.id, mine.id].sort());
  });

  it('asks for the filter keys the database wrote, for every type and for none', async () => {
    const other = await t.build.client();
    for (const status of ['Pallet', 'Crate', 'Panel', 'FF&E', null] as const) {
      await t.build.item({ name: `Keyed ${status ?? 'none'}`, status, client_id: other.id });
      await t.build.item({ name: `Unowned ${status ?? 'none'}`, status });
    }
    const rows = await sql<{
      client_id: string | null;
      status: string | null;
      filter_keys: string;
    }>`
      SELECT client_id, status, filter_keys FROM item_search`.execute(t.app.db);
    expect(rows.rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows.rows) {
      expect(row.filter_keys).toBe(`${clientKey(row.client_id)} ${typeKey(row.status)}`);
    }
  });

  it('keeps both indexes equal to the documents through edits, moves, renames and deletes', async () => {
    const own = client.member!.client_id!;
    const component = await t.build.component({ name: 'Bollard' });
    const item = await t.build.item({ name: 'Osprey riser', status: 'Pallet' });
    await indexesMatchDocuments();
    expect(await search(client, 'q=osprey')).toEqual([]);

    const put = (payload: Record<string, unknown>) =>
      t.request(staff, 'PUT', `/api/inventory/items/${item.id}`, payload);
    // Into the client's scope, as a crate: the client's and the type's keys follow.
    expect((await put({ client_id: own, status: 'Crate' })).statusCode).toBe(200);
    expect(await search(client, 'q=osprey&status=Crate')).toEqual([item.id]);
    expect(await search(client, 'q=osprey&status=Pallet')).toEqual([]);
    // A new name: the names index forgets the old one.
    expect((await put({ name: 'Heron riser' })).statusCode).toBe(200);
    expect(await search(client, 'q=osprey')).toEqual([]);
    expect(await search(client, 'q=heron')).toEqual([item.id]);
    // A note only: the names index is not touched, the other index follows.
    expect((await put({ note: 'kittiwake' })).statusCode).toBe(200);
    expect(await search(staff, 'q=kittiwake')).toEqual([item.id]);
    // A component, then its rename through refreshSearchForReference.
    expect((await put({ component_id: component.id })).statusCode).toBe(200);
    expect(await search(client, 'q=bollard')).toEqual([item.id]);
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('components')
        .set({ name: 'Stanchion' })
        .where('id', '=', component.id)
        .execute();
      await refreshSearchForReference(trx, { component_id: component.id });
    });
    expect(await search(client, 'q=stanchion')).toEqual([item.id]);
    expect(await search(client, 'q=bollard')).toEqual([]);
    await indexesMatchDocuments();

    // Out of the client's scope through refreshSearchForReference (it sets client_id alone,
    // which the names index's trigger must follow), then deleted.
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ client_id: null }).where('id', '=', item.id).execute();
      await refreshSearchForReference(trx, { client_id: own });
    });
    await indexesMatchDocuments();
    expect(await search(client, 'q=heron')).toEqual([]);
    expect((await t.request(staff, 'DELETE', `/api/inventory/items/${item.id}`)).statusCode).toBe(
      200,
    );
    expect(await search(staff, 'q=heron')).toEqual([]);
    await indexesMatchDocuments();
  });

  it('finds with the rarest trigrams and a check of each row what the FTS5 phrase finds', async () => {
    const other = await t.build.client({ name: 'Stagecraft Ltd' });
    const specs = [
      { name: 'Stage deck 2m', note: 'Left wing' },
      // The words in two fields side by side in the document: no field holds "stage deck".
      { name: 'Grand stage', component: 'Deck plate', note: null },
      { name: 'Deck stage', component: 'Stage' },
      { name: 'STAGE DECKING', note: null },
      { name: 'Café lighting', note: 'stage left' },
      { name: 'Riser 12" panel', note: 'Décor' },
      { name: 'Lightning rod', note: 'ligting' },
    ];
    for (const spec of specs) {
      const component = spec.component ? await t.build.component({ name: spec.component }) : null;
      await t.build.item({
        name: spec.name,
        note: spec.note,
        client_id: other.id,
        status: 'Crate',
        component_id: component?.id ?? null,
      });
    }
    const phraseFinds = async (expression: string) =>
      (
        await sql<{ item_id: string }>`SELECT s.item_id FROM item_fts
          JOIN item_search s ON s.seq = item_fts.rowid WHERE item_fts MATCH ${expression}`.execute(
          t.app.db,
        )
      ).rows
        .map((r) => r.item_id)
        .sort();
    const filters = [
      { scope: { kind: 'all' as const } },
      {
        scope: { kind: 'client' as const, clientId: other.id },
        statuses: ['Crate'],
      },
    ];
    for (const query of ['stage deck', 'deck', 'Café', '12" panel', 'ghting', 'decor', 'ligting']) {
      const plan = planSearch(query)!;
      const quoted = `"${plan.text.replace(/"/g, '""')}"`;
      for (const f of filters) {
        const { anyField } = sqliteTiers(plan, f);
        const found = (await anyField!(t.app.db, 1000).execute()).map((r) => r.item_id).sort();
        const keys = f.statuses ? ` AND "${clientKey(other.id)}" AND "${typeKey('crate')}"` : '';
        expect(found, `${query} ${f.scope.kind}`).toEqual(await phraseFinds(`(${quoted})${keys}`));
      }
    }
  });

  it('finds within a client or a type what a check of every document finds, also at a limit', async () => {
    const own = await t.build.client({ name: 'Fulmar Hire' });
    const other = await t.build.client({ name: 'Skua Events' });
    const specs = [
      { name: 'Grand stage', note: 'deck plate' },
      { name: 'Stage left', note: 'Deck 2' },
      { name: 'Stage deck 1m', note: null },
      { name: 'Riser', note: 'stage deck, worn' },
      { name: 'Stage dock', note: null },
      { name: 'Stag deck', note: 'tarpaulin' },
      { name: 'Tarp 4x6', note: 'lighting' },
      { name: 'Ligting stand', note: 'tarp' },
      { name: 'Lamp', note: null },
    ];
    for (const client_id of [own.id, other.id, null]) {
      for (const status of ['Crate', 'Pallet'] as const) {
        for (const spec of specs) await t.build.item({ ...spec, status, client_id });
      }
    }
    const documents = (
      await sql<SearchDocument & { client_id: string | null; doc: string }>`
        SELECT ${sql.join(DOCUMENT.map((c) => sql.ref(c)))}, s.client_id, s.doc
        FROM item_search s ORDER BY s.seq`.execute(t.app.db)
    ).rows;
    const filters: SearchFilters[] = [
      { scope: { kind: 'client', clientId: own.id } },
      { scope: { kind: 'client', clientId: own.id }, statuses: ['Crate'] },
      { scope: { kind: 'all' }, statuses: ['Pallet'] },
      { scope: { kind: 'all' } },
    ];
    for (const query of ['stage deck', 'tarp', 'stag dek', 'ligting', 'deck']) {
      const plan = planSearch(query)!;
      const words = indexableWords(plan);
      const holds = (d: SearchDocument, text: string) =>
        SEARCH_FIELDS.some((f) => d[f]?.includes(text));
      for (const f of filters) {
        const inScope = documents.filter(
          (d) =>
            (f.scope.kind === 'all' || d.client_id === f.scope.clientId) &&
            (!f.statuses || f.statuses.some((s) => s.toLowerCase() === d.status)),
        );
        const expected = {
          anyField: inScope.filter((d) => holds(d, plan.text)),
          everyWord: inScope.filter((d) => words.every((w) => holds(d, w))),
          typos: inScope.filter(
            (d) => plan.trigrams.filter((g) => d.doc.includes(g)).length >= plan.minHits,
          ),
        };
        // Two: below the number of rows some tiers find, so a walk two tiers share stops
        // at its limit; a thousand: every row.
        for (const limit of [2, 1000]) {
          const { anyField, rest } = sqliteTiers(plan, f);
          const tiers = {
            anyField: anyField!,
            everyWord: words.length > 1 ? rest[0]! : null,
            typos: rest.at(-1)!,
          };
          for (const [tier, want] of Object.entries(expected)) {
            const run = tiers[tier as keyof typeof tiers];
            if (!run) continue;
            const rows = await run(t.app.db, limit).execute();
            const ids = want.map((d) => d.item_id);
            const label = `${query}, ${JSON.stringify(f)}, ${tier}, limit ${limit}`;
            expect(rows.length, label).toBe(Math.min(limit, ids.length));
            for (const row of rows) expect(ids, label).toContain(row.item_id);
            // The rows are the documents, read with the ids.
            for (const row of rows) {
              const {
                client_id: _,
                doc: __,
                ...document
              } = want.find((d) => d.item_id === row.item_id)!;
              expect(row, label).toEqual(document);
            }
          }
        }
      }
    }
  });

  it("gives each row it finds as the item's whole search document, for the ranking", async () => {
    const other = await t.build.client({ name: 'Harbour Hire' });
    const component = await t.build.component({ name: 'Deck leg' });
    for (const [name, note] of [
      ['Stage deck 2m', 'Left wing'],
      ['Stage decking', null],
      ['Deck stage', 'stage deck spares'],
      ['Riser', 'under the stage, by the deck'],
    ] as const) {
      await t.build.item({
        name,
        note,
        client_id: other.id,
        status: 'Pallet',
        component_id: component.id,
      });
    }
    const stored = async (id: string) =>
      sql`SELECT ${sql.join(DOCUMENT.map((c) => sql.ref(c)))} FROM item_search s
        WHERE s.item_id = ${id}`
        .execute(t.app.db)
        .then((r) => r.rows[0]);
    // A phrase (name prefix, name, component, any field and every-word tiers), one word, a
    // typo of more than four trigrams (the probe tier, which checks the document it reads)
    // and two letters (no trigrams: the plain-text scan).
    for (const query of ['stage deck', 'deck', 'staeg deckk spares', 'de']) {
      const plan = planSearch(query)!;
      const { narrow, anyField, rest } = sqliteTiers(plan, {
        scope: { kind: 'client', clientId: other.id },
      });
      let rows = 0;
      for (const tier of [...narrow, ...(anyField ? [anyField] : []), ...rest]) {
        for (const row of await tier(t.app.db, 1000).execute()) {
          rows++;
          expect(row, query).toEqual(await stored(row.item_id));
        }
      }
      expect(rows, query).toBeGreaterThan(0);
    }
  });

  it('keeps both indexes equal to the documents after a CSV import', async () => {
    const csv = ['name,type,note', 'Puffin case,Crate,imported', 'Puffin rail,Rack,imported'].join(
      '\n',
    );
    const res = await t.importCsv(staff, csv);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await search(staff, 'q=puffin&status=Rack')).toHaveLength(1);
    await indexesMatchDocuments();
  });
});
