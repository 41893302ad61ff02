import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.ts';
import { insertInBulk } from '../../../../test/helpers/search-bulk.ts';
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
  const rows = (count: number, make: (i: number) => { name: string; note?: string }) =>
    Array.from({ length: count }, (_, i) => make(i));
  await insertInBulk(t.app.db, [
    // Written first, so first on disk: notes holding "kookaburra", more than the cap.
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Crate ${i}`, note: 'kookaburra nest' })).map(
      (r, i) => ({ ...r, id: `knote${String(i).padStart(5, '0')}`, client_id: other }),
    ),
    // Then as many names holding it.
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Kookaburra ${i}` })).map((r, i) => ({
      ...r,
      id: `kname${String(i).padStart(5, '0')}`,
      client_id: other,
    })),
    // Names holding four of "wibbleflop"'s eight trigrams (five are needed), and names
    // holding two others: the statistics then say the names might fill the cap, and none
    // of these matches.
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Wibble ${i}` })).map((r, i) => ({
      ...r,
      id: `wnear${String(i).padStart(5, '0')}`,
      client_id: other,
    })),
    ...rows(SEARCH_RESULT_CAP + 400, (i) => ({ name: `Flop ${i}` })).map((r, i) => ({
      ...r,
      id: `fnear${String(i).padStart(5, '0')}`,
      client_id: other,
    })),
    // The matches: three names, three notes.
    ...['Wibbleflip', 'Wibbleflap', 'Wobbleflop'].map((name, i) => ({
      id: `wname${i}`,
      name,
      client_id: other,
    })),
    // Notes holding "quixotic", more than the cap and first on disk; then as many items in
    // the location "Quixotic Depot".
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Plan ${i}`, note: 'quixotic' })).map(
      (r, i) => ({ ...r, id: `qnote${String(i).padStart(5, '0')}`, client_id: other }),
    ),
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Pallet ${i}` })).map((r, i) => ({
      ...r,
      id: `qloc${String(i).padStart(5, '0')}`,
      client_id: other,
      location: { id: depot.id, name: depot.name },
    })),
    // Two items in "Zebulon Shed", two notes holding "zebulon".
    ...[0, 1].map((i) => ({
      id: `zloc${i}`,
      name: `Tray ${i}`,
      client_id: other,
      location: { id: shed.id, name: shed.name },
    })),
    ...[0, 1].map((i) => ({
      id: `znote${i}`,
      name: `Tub ${i}`,
      note: 'zebulon',
      client_id: other,
    })),
    // "mangp" (three trigrams, two needed): names holding "man" and names holding "ang",
    // more than the cap each, so one conjunction looks worth asking first; it finds the
    // mango names, the others the notes holding "ang" and "ngp".
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Mantis ${i}` })).map((r, i) => ({
      ...r,
      id: `mnear${String(i).padStart(5, '0')}`,
      client_id: other,
    })),
    ...rows(SEARCH_RESULT_CAP + 100, (i) => ({ name: `Angle ${i}` })).map((r, i) => ({
      ...r,
      id: `anear${String(i).padStart(5, '0')}`,
      client_id: other,
    })),
    ...['Mango', 'Mango crate'].map((name, i) => ({ id: `mname${i}`, name, client_id: other })),
    ...[0, 1].map((i) => ({
      id: `mnote${i}`,
      name: `Bin ${i}`,
      note: 'tangpole',
      client_id: other,
    })),
    ...[0, 1, 2].map((i) => ({
      id: `wnote${i}`,
      name: `Box ${i}`,
      note: 'a wibbleflop inside',
      client_id: other,
    })),
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
      ['wname0', 'wname1', 'wname2', 'wnote0', 'wnote1', 'wnote2'].sort(),
    );
    expect(page).toMatchObject({ total: 6, total_capped: false });
  });

  it('finds every match of a short typo, though one of its conjunctions is asked first', async () => {
    const page = await search('q=mangp&limit=100');
    expect(page.items.map((i) => i.id).sort()).toEqual(['mname0', 'mname1', 'mnote0', 'mnote1']);
    expect(page).toMatchObject({ total: 4, total_capped: false });
  });

  it("finds the items of a location whose name holds the typo, and the other fields' matches", async () => {
    const page = await search('q=zebulom&limit=100');
    expect(page.items.map((i) => i.id).sort()).toEqual(['zloc0', 'zloc1', 'znote0', 'znote1']);
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
    const all = plan.trigrams.map((t): [string, number] => [t, 0.05]);
    const atMost = (plan.trigrams.length - plan.minHits + 1) * 0.05 * 10_000;
    expect(namesCanFill(plan, shares(all), atMost)).toBe(true);
    expect(namesCanFill(plan, shares(all), atMost + 1)).toBe(false);
  });
});
