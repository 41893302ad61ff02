import { sql, type SqlBool } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type Session } from '../../../../test/helpers/app.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';
import { planSearch, SEARCH_RESULT_CAP } from '../../../common/search.ts';
import { EVERYTHING, inScope, type Scope } from '../catalog/scope.ts';
import { insertInBulk, type BulkItem } from '../../../../test/helpers/search-bulk.ts';
import { postgresTiers, wordJoins } from './search-tiers-postgres.repo.ts';

/**
 * What PostgreSQL's tiers (search-tiers-postgres.repo.ts) do differently from a plain
 * LIKE: the name prefix is a byte range of a B-tree that carries the client or the type,
 * the "any field" tier answers with that range once it fills the cap, and short typos are
 * conjunctions of trigrams. Run on both engines: the answers must be the same.
 */
const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');
let other: string;
const made: Record<string, string> = {};

beforeAll(async () => {
  const own = client.member!.client_id!;
  other = (await t.build.client({ name: 'Other client' })).id;
  const make = async (key: string, fields: Parameters<typeof t.build.item>[0]) => {
    made[key] = (await t.build.item(fields)).id;
  };
  await make('ownCrate', { name: 'Wombat', status: 'Crate', client_id: own });
  await make('ownPallet', { name: 'Wombat', status: 'Pallet', client_id: own });
  await make('otherCrate', { name: 'Wombat', status: 'Crate', client_id: other });
  for (let i = 0; i < 3; i++) {
    await make(`ownQuokka${i}`, { name: `Quokka ${i}`, status: 'Pallet', client_id: own });
  }
  // More names starting with "quokka" than the cap, all another client's: inserted in bulk.
  await insertInBulk(
    t.app.db,
    Array.from({ length: SEARCH_RESULT_CAP + 5 }, (_, i) => ({
      id: `quokka${String(i).padStart(6, '0')}`,
      name: `Quokka other ${i}`,
      client_id: other,
      status: 'Crate',
    })),
  );
});

const search = async (session: Session, query: string) => {
  const res = await t.request(session, 'GET', `/api/inventory/items?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemPage;
};
const idsOf = (page: ItemPage) => page.items.map((i) => i.id).sort();

describe('search tiers: the name prefix and short typos within a scope', () => {
  it("never gives a client user another client's items, though those fill the cap", async () => {
    const page = await search(client, 'q=quokka&limit=100');
    expect(idsOf(page)).toEqual([made.ownQuokka0, made.ownQuokka1, made.ownQuokka2].sort());
    expect(page).toMatchObject({ total: 3, total_capped: false });
    const typed = await search(client, 'q=quokka&status=Crate');
    expect(typed).toMatchObject({ items: [], total: 0 });
    // A client and a type: the client's name range, the type read from the index.
    const pallets = await search(client, 'q=quokka&status=Pallet&limit=100');
    expect(idsOf(pallets)).toEqual([made.ownQuokka0, made.ownQuokka1, made.ownQuokka2].sort());
  });

  it('keeps a type filter inside the prefix range', async () => {
    const pallets = await search(staff, 'q=quokka&status=Pallet&limit=100');
    expect(idsOf(pallets)).toEqual([made.ownQuokka0, made.ownQuokka1, made.ownQuokka2].sort());
    expect(pallets.total).toBe(3);
    const crates = await search(staff, 'q=quokka&status=Crate&limit=100');
    expect(crates).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
    expect(crates.items.every((i) => i.client_id === other && i.status === 'Crate')).toBe(true);
  });

  it('says a search is capped when the names starting with it fill the cap', async () => {
    const page = await search(staff, 'q=quokka&limit=100');
    expect(page).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
  });

  it('fills the cap with the names holding a word, and none of another client for a client user', async () => {
    // Every "Quokka other …" is another client's ("Other client"), so a client user finds none.
    expect(await search(client, 'q=other')).toMatchObject({ items: [], total: 0 });
    // Their names hold "other" without starting with it: they fill the cap before the
    // documents holding it elsewhere (PostgreSQL then skips the documents' bitmap).
    const page = await search(staff, 'q=other&limit=100');
    expect(page).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
    expect(page.items.every((i) => i.name?.toLowerCase().includes('other'))).toBe(true);
  });

  it('finds a short typo within the scope and the type filter only', async () => {
    // "wombar": three of its four trigrams are in "wombat".
    expect(idsOf(await search(client, 'q=wombar&status=Crate'))).toEqual([made.ownCrate]);
    expect(idsOf(await search(client, 'q=wombar'))).toEqual([made.ownCrate, made.ownPallet].sort());
    expect(idsOf(await search(staff, 'q=wombar&status=Crate'))).toEqual(
      [made.ownCrate, made.otherCrate].sort(),
    );
  });

  it('finds a longer typo, probing with the trigrams the statistics say are rarest', async () => {
    // On PostgreSQL ANALYZE fills the trigram statistics of migration 026 ("quokka" is then
    // the commonest word); SQLite has none and keeps the letters' choice.
    if (t.app.dialect === 'postgres') await sql`ANALYZE item_search`.execute(t.app.db);
    // "wombatt": four of its five trigrams are in "wombat", three are needed.
    expect(idsOf(await search(client, 'q=wombatt&status=Crate'))).toEqual([made.ownCrate]);
    expect(idsOf(await search(staff, 'q=wombatt'))).toEqual(
      [made.ownCrate, made.ownPallet, made.otherCrate].sort(),
    );
    // "quokkka": enough of its trigrams are in every quokka, the cap is reached.
    const many = await search(staff, 'q=quokkka');
    expect(many).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
  });

  it('finds a longer typo within a type by the same k-of-n rule, whichever trigrams a match misses', async () => {
    // "zorblaxt": six trigrams, four needed. With a type filter PostgreSQL probes with the
    // pairs of the rarest four (a match misses at most two, so it holds two of them):
    // every set of four, five or six of its trigrams is found, no set of three, in the type
    // and the client asked only.
    const trigrams = planSearch('zorblaxt')!.trigrams;
    const subsets = (size: number, from = 0): string[][] =>
      size === 0
        ? [[]]
        : trigrams
            .slice(from)
            .flatMap((first, i) => subsets(size - 1, from + i + 1).map((rest) => [first, ...rest]));
    const own = client.member!.client_id!;
    const holders = [3, 4, 5, 6].flatMap((size) =>
      subsets(size).flatMap((held, i) =>
        ['Crate', 'Pallet'].map((status) => ({
          id: `zorb${size}${status}${String(i).padStart(3, '0')}`,
          client_id: status === 'Crate' ? own : other,
          name: 'Kit',
          // Each trigram a word of its own: the document holds these and no other.
          note: held.join(' '),
          status,
        })),
      ),
    );
    await insertInBulk(t.app.db, holders);
    if (t.app.dialect === 'postgres') await sql`ANALYZE item_search`.execute(t.app.db);
    const matching = (status: string) =>
      holders
        .filter((h) => h.status === status && h.note.split(' ').length >= 4)
        .map((h) => h.id)
        .sort();
    expect(matching('Crate')).toHaveLength(22);
    const crates = await search(staff, 'q=zorblaxt&status=Crate&limit=100');
    expect(idsOf(crates)).toEqual(matching('Crate'));
    expect(idsOf(await search(client, 'q=zorblaxt&status=Crate&limit=100'))).toEqual(
      matching('Crate'),
    );
    expect(await search(client, 'q=zorblaxt&status=Pallet')).toMatchObject({ total: 0 });
    expect(idsOf(await search(staff, 'q=zorblaxt&status=Pallet&limit=100'))).toEqual(
      matching('Pallet'),
    );
  });
});

describe('search tiers: a component within a type, above the cap', () => {
  it("ranks the type's items whose component holds the text first, though more than the cap hold it elsewhere", async () => {
    // The component tier runs when the text is in more documents than the cap; with a type
    // filter PostgreSQL asks it through the document too (the document holds the component).
    await t.build.component({ name: 'Kiwi deck' });
    await insertInBulk(t.app.db, [
      ...Array.from({ length: SEARCH_RESULT_CAP + 5 }, (_, i) => ({
        id: `kiwiNote${String(i).padStart(6, '0')}`,
        client_id: other,
        name: `Box ${i}`,
        note: 'near the kiwi',
        status: 'Crate',
      })),
      ...['kiwiDeck1', 'kiwiDeck2'].map((id) => ({
        id,
        client_id: other,
        name: 'Box',
        component_name: 'Kiwi deck',
        status: 'Crate',
      })),
      {
        id: 'kiwiDeckPallet',
        client_id: other,
        name: 'Box',
        component_name: 'Kiwi deck',
        status: 'Pallet',
      },
    ]);
    const page = await search(staff, 'q=kiwi&status=Crate&limit=10');
    expect(page).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
    expect(
      page.items
        .slice(0, 2)
        .map((i) => i.id)
        .sort(),
    ).toEqual(['kiwiDeck1', 'kiwiDeck2']);
    expect(page.items.every((i) => i.status === 'Crate')).toBe(true);
  });
});

describe('search tiers: a phrase of several words', () => {
  // The phrase is looked for among the documents holding every word when those are below
  // the cap (search-tiers-postgres.repo.ts, phraseAmong): it must find what `doc LIKE`
  // finds, a phrase spanning two fields included, and nothing outside the scope.
  const phraseRows = async (scope: Scope, text: string) => {
    const tiers = postgresTiers(planSearch(text)!, { scope });
    const rows = await tiers.anyField!(t.app.db, SEARCH_RESULT_CAP + 1).execute();
    return rows.map((r) => r.item_id).sort();
  };
  const likeRows = async (scope: Scope, text: string) =>
    (
      await t.app.db
        .selectFrom('item_search as s')
        .select('s.item_id')
        .where(sql<SqlBool>`s.doc LIKE ${`%${text}%`}`)
        .where(inScope(scope, 's.client_id'))
        .execute()
    )
      .map((r) => r.item_id)
      .sort();

  it("finds the phrase across two fields, within a client's scope only", async () => {
    if (t.app.dialect !== 'postgres') return;
    const own = client.member!.client_id!;
    const deck = await t.build.component({ name: 'Numbat deck' });
    const phrased = await t.build.item({ name: 'Bilby', component_id: deck.id, client_id: own });
    const other = await t.build.item({ name: 'Bilby', component_id: deck.id });
    // Both words, not side by side: found by the words' tier, not by the phrase.
    await t.build.item({ name: 'Numbat', note: 'bilby', client_id: own });
    const scope: Scope = { kind: 'client', clientId: own };
    expect(await phraseRows(scope, 'bilby numbat')).toEqual([phrased.id]);
    expect(await phraseRows(EVERYTHING, 'bilby numbat')).toEqual([phrased.id, other.id].sort());
    for (const text of ['bilby numbat', 'numbat deck', 'bilby numbat deck', 'deck bilby']) {
      expect(await phraseRows(EVERYTHING, text)).toEqual(await likeRows(EVERYTHING, text));
      expect(await phraseRows(scope, text)).toEqual(await likeRows(scope, text));
    }
  });
  it('looks for a phrase above the cap through where its words meet, as doc LIKE finds it', async () => {
    if (t.app.dialect !== 'postgres') return;
    const own = client.member!.client_id!;
    // More documents holding both words than the cap, none side by side: the phrase's
    // own query runs, narrowed by the index of word joins (migration 029).
    const holders: BulkItem[] = Array.from({ length: SEARCH_RESULT_CAP + 5 }, (_, i) => ({
      id: `wallaby${String(i).padStart(6, '0')}`,
      client_id: own,
      name: `wallaby ${i}`,
      note: 'a dingo came by',
    }));
    await insertInBulk(t.app.db, [
      ...holders,
      { id: 'phraseOther', client_id: other, name: 'x', note: 'wallaby dingo' },
      { id: 'phraseOwn', client_id: own, name: 'x', note: 'the wallaby dingo' },
      // The first word may end a longer one, the last may start one.
      { id: 'phraseInside', client_id: own, name: 'x', note: 'rockwallaby dingoes' },
      // Across two fields, and a short word between two others.
      { id: 'phraseFields', client_id: own, name: 'big wallaby', component_name: 'dingo kit' },
      { id: 'phraseShort', client_id: own, name: 'x', note: 'wallaby at dingo' },
    ]);
    await sql`ANALYZE item_search`.execute(t.app.db);
    const scope: Scope = { kind: 'client', clientId: own };
    expect(await phraseRows(scope, 'wallaby dingo')).toEqual([
      'phraseFields',
      'phraseInside',
      'phraseOwn',
    ]);
    const texts = [
      'wallaby dingo',
      'aby dingo',
      'wallaby din',
      'by dingo',
      'allaby dingoe',
      'wallaby at dingo',
      'wallaby dingo kit',
      'a dingo came',
    ];
    for (const text of texts) {
      for (const within of [scope, EVERYTHING]) {
        const [rows, like] = [await phraseRows(within, text), await likeRows(within, text)];
        // A phrase in more documents than the cap: the first ones, all holding it.
        if (like.length > SEARCH_RESULT_CAP) {
          expect(rows.length, text).toBe(SEARCH_RESULT_CAP + 1);
          expect(
            rows.filter((id) => !like.includes(id)),
            text,
          ).toEqual([]);
        } else expect(rows, text).toEqual(like);
      }
    }
  });

  it('takes the joins whose sides the phrase fixes', () => {
    expect(wordJoins('fire certificate')).toEqual(['ire cer']);
    // A first word shorter than three may end a longer one, a last one start one.
    expect(wordJoins('by dingo')).toEqual([]);
    expect(wordJoins('wallaby at')).toEqual([]);
    expect(wordJoins('by at dingo')).toEqual(['at din']);
    expect(wordJoins('wallaby at dingo')).toEqual(['aby at', 'at din']);
    expect(wordJoins('dingo')).toEqual([]);
  });
});
