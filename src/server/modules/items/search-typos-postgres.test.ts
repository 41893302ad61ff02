import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.ts';
import { insertInBulk, type BulkItem } from '../../../../test/helpers/search-bulk.ts';
import type { ItemPage } from '../../../common/schemas/item.ts';
import { planSearch, SEARCH_RESULT_CAP } from '../../../common/search.ts';
import { namesCanFill } from './search-typos-postgres.repo.ts';

/**
 * The typo tier over every item (search-typos-postgres.repo.ts): on PostgreSQL the names
 * are asked first when the statistics say they can fill the cap, then the items of the
 * clients, locations and component types whose name holds the typo, and a short typo's
 * likeliest conjunction before the others. Run on both engines:
 * below the cap the answers must be the same. A file of its own, so its app (and the
 * statistics the tier keeps for a minute) sees only the ANALYZE of its own rows.
 */
const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');
let other: string;

beforeAll(async () => {
  other = (await t.build.client({ name: 'Other client' })).id;
  const depot = await t.build.location({ name: 'Quixotic Depot' });
  const shed = await t.build.location({ name: 'Zebulon Shed' });
  // `count` items of the other client, ids `prefix` and a number, in this order on disk.
  const many = (
    prefix: string,
    count: number,
    fields: (i: number) => Omit<BulkItem, 'id' | 'client_id'>,
  ) =>
    Array.from({ length: count }, (_, i) => ({
      id: `${prefix}${String(i).padStart(5, '0')}`,
      client_id: other,
      client_name: 'Other client',
      ...fields(i),
    }));
  const more = SEARCH_RESULT_CAP + 100;
  await insertInBulk(t.app.db, [
    // Written first, so first on disk: notes holding "kookaburra", more than the cap.
    ...many('knote', more, (i) => ({ name: `Crate ${i}`, note: 'kookaburra nest' })),
    // Then as many names holding it.
    ...many('kname', more, (i) => ({ name: `Kookaburra ${i}` })),
    // Names holding four of "wibbleflopp"'s nine trigrams (six are needed), and names
    // holding two others: the statistics then say the names might fill the cap, and none
    // of these matches.
    ...many('wnear', more, (i) => ({ name: `Wibble ${i}` })),
    ...many('fnear', SEARCH_RESULT_CAP + 400, (i) => ({ name: `Flop ${i}` })),
    // The matches: three names, and three notes (wnote, below).
    ...['Wibbleflip', 'Wibbleflap', 'Wobbleflop'].map((name, i) => ({
      id: `wname${i}`,
      name,
      client_id: other,
    })),
    // Notes holding "quixotic", more than the cap and first on disk; then as many items in
    // the location "Quixotic Depot".
    ...many('qnote', more, (i) => ({ name: `Plan ${i}`, note: 'quixotic' })),
    ...many('qloc', more, (i) => ({ name: `Pallet ${i}`, location: depot })),
    // Two items in "Zebulon Shed", two notes holding "zebulon".
    ...many('zloc', 2, (i) => ({ name: `Tray ${i}`, location: shed })),
    ...many('znote', 2, (i) => ({ name: `Tub ${i}`, note: 'zebulon' })),
    // In the shed by its id, but its document holds another location's name, as when the
    // shed is renamed between the search's two reads: not a match.
    ...many('zstale', 1, () => ({ name: 'Tray', location: { id: shed.id, name: 'Yard' } })),
    // "mangp" (three trigrams, two needed): names holding "man" and names holding "ang",
    // more than the cap each, so one conjunction looks worth asking first; it finds the
    // mango names, the others the notes holding "ang" and "ngp".
    ...many('mnear', SEARCH_RESULT_CAP + 400, (i) => ({ name: `Mantis ${i}` })),
    ...many('anear', SEARCH_RESULT_CAP + 400, (i) => ({ name: `Angle ${i}` })),
    ...many('mname', 2, (i) => ({ name: ['Mango', 'Mango crate'][i]! })),
    ...many('mnote', 2, (i) => ({ name: `Bin ${i}`, note: 'tangpole' })),
    ...many('wnote', 3, (i) => ({ name: `Box ${i}`, note: 'a wibbleflop inside' })),
  ]);
  if (t.app.dialect === 'postgres') await sql`ANALYZE item_search`.execute(t.app.db);
});

const search = async (query: string, session = staff) => {
  const res = await t.request(session, 'GET', `/api/inventory/items?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemPage;
};

describe('search typos over every item: names and references first', () => {
  it("gives a client user none of another client's matches", async () => {
    expect(await search('q=kookaburrra', client)).toMatchObject({ items: [], total: 0 });
    expect(await search('q=wibbleflopp', client)).toMatchObject({ items: [], total: 0 });
  });

  it('finds the names and the other fields holding enough trigrams, each once, below the cap', async () => {
    const page = await search('q=wibbleflopp&limit=100');
    expect(page.items.map((i) => i.id).sort()).toEqual(
      ['wname0', 'wname1', 'wname2', 'wnote00000', 'wnote00001', 'wnote00002'].sort(),
    );
    expect(page).toMatchObject({ total: 6, total_capped: false });
  });

  it('finds every match of a short typo, though one of its conjunctions is asked first', async () => {
    const page = await search('q=mangp&limit=100');
    expect(page.items.map((i) => i.id).sort()).toEqual([
      'mname00000',
      'mname00001',
      'mnote00000',
      'mnote00001',
    ]);
    expect(page).toMatchObject({ total: 4, total_capped: false });
  });

  it("finds the items of a location whose name holds the typo, and the other fields' matches", async () => {
    const page = await search('q=zebulom&limit=100');
    expect(page.items.map((i) => i.id).sort()).toEqual([
      'zloc00000',
      'zloc00001',
      'znote00000',
      'znote00001',
    ]);
    expect(page).toMatchObject({ total: 4, total_capped: false });
  });

  it('fills the cap with the items of a location whose name holds the typo, though notes holding it come first on disk', async () => {
    const page = await search('q=quixotik&limit=50');
    expect(page).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
    if (t.app.dialect !== 'postgres') return;
    expect(page.items.every((i) => i.location_name === 'Quixotic Depot')).toBe(true);
  });

  it('fills the cap with the names holding the typo, though other fields holding it come first on disk', async () => {
    const page = await search('q=kookaburrra&limit=50');
    expect(page).toMatchObject({ total: SEARCH_RESULT_CAP, total_capped: true });
    // SQLite's typo tier has its own order; PostgreSQL's reads the names first.
    if (t.app.dialect !== 'postgres') return;
    expect(page.items.every((i) => i.name?.startsWith('Kookaburra'))).toBe(true);
  });
});

describe('namesCanFill', () => {
  const plan = planSearch('wibbleflopp')!;
  const shares = (entries: Array<[string, number]>) => ({
    doc: new Map<string, number>(),
    name: new Map(entries),
    rows: 10_000,
  });

  it('says no without statistics, or when the rarest trigrams are too rare in names', () => {
    expect(namesCanFill(plan, shares([]), 1001)).toBe(false);
    // Common "wib", "ibb", "bbl", "ble": the n − k + 1 rarest are the others, held by none.
    const common = plan.trigrams.slice(0, 4).map((t): [string, number] => [t, 0.5]);
    expect(namesCanFill(plan, shares(common), 1001)).toBe(false);
  });

  it('says yes when the n − k + 1 rarest together are held by enough names', () => {
    const all = plan.trigrams.map((t): [string, number] => [t, 0.25]);
    const atMost = (plan.trigrams.length - plan.minHits + 1) * 0.25 * 10_000;
    expect(namesCanFill(plan, shares(all), atMost)).toBe(true);
    expect(namesCanFill(plan, shares(all), atMost + 1)).toBe(false);
  });
});
