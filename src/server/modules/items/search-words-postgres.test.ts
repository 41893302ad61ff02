import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.ts';
import { TEST_ENGINE } from '../../../../test/helpers/database.ts';
import { unlistedWords } from '../../../../test/helpers/search-words.ts';
import { planSearch, SEARCH_RESULT_CAP } from '../../../common/search.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { postgresTiers } from './search-tiers-postgres.repo.ts';
import { piecesInNoWord } from './search-words.repo.ts';
import { updateItem } from './items.service.ts';

/**
 * PostgreSQL's search skips the tiers that look for the text as typed when a piece of it is
 * in no word of any document (search-tiers-postgres.repo.ts, textInSomeWord), so the words
 * (search_words, migration 033) must follow every write that changes a document.
 */
const t = useTestApp();
const [staff] = t.signIn('staff');
const want = SEARCH_RESULT_CAP + 1;

const forget = (word: string) =>
  sql`DELETE FROM search_words WHERE word = ${word}`.execute(t.app.db);
const idsOf = (rows: Array<{ item_id: string }>) => rows.map((r) => r.item_id).sort();

describe.skipIf(TEST_ENGINE !== 'postgres')('the words of the search documents', () => {
  it('holds every word of every document after each kind of write', async () => {
    const client = await t.build.client({ name: 'Aardvark Events' });
    const yard = await t.build.location({ name: 'Bandicoot Yard' });
    const component = await t.build.component({ name: 'Cuscus Clamp' });
    const crate = await t.build.item({ name: 'Dugong crate', client_id: client.id });
    const lamp = await t.build.item({ name: 'Echidna lamp', container_id: crate.id });
    await t.build.itemComponent(lamp.id, component.id);
    const actor = await t.build.member({ role: 'staff' });
    await updateItem(t.app, lamp.id, { note: 'Gecko tape', location_id: yard.id }, actor);
    await updateItem(t.app, crate.id, { name: 'Hyrax crate' }, actor);
    for (const [kind, id, name] of [
      ['clients', client.id, 'Fossa Events'],
      ['locations', yard.id, 'Jerboa Yard'],
      ['components', component.id, 'Kinkajou Clamp'],
    ] as const) {
      const res = await t.request(staff, 'PUT', `/api/inventory/${kind}/${id}`, { name });
      expect(res.statusCode, res.body).toBe(200);
    }
    const doc = await sql<{
      doc: string;
    }>`SELECT doc FROM item_search WHERE item_id = ${lamp.id}`.execute(t.app.db);
    expect(doc.rows[0]!.doc).toContain('hyrax crate');
    expect(doc.rows[0]!.doc).toContain('jerboa yard');
    expect((await unlistedWords(t.app.db)).unlisted).toEqual([]);
  });

  it('skips the tiers of the text as typed when a piece is in no word, and only then', async () => {
    const item = await t.build.item({ name: 'Wallaby 50%_off', note: 'quoll' });
    const tiersOf = (text: string) => postgresTiers(planSearch(text)!, { scope: EVERYTHING });
    expect(idsOf(await tiersOf('50%_off').anyField!(t.app.db, want).execute())).toEqual([item.id]);
    expect(idsOf(await tiersOf('wallaby').anyField!(t.app.db, want).execute())).toEqual([item.id]);
    const [everyWord] = tiersOf('wallaby quoll').rest;
    expect(idsOf(await everyWord!(t.app.db, want).execute())).toEqual([item.id]);

    // The list no longer has the word: the tiers that need it are not asked.
    await forget('wallaby');
    const wallaby = tiersOf('wallaby');
    expect(await wallaby.anyField!(t.app.db, want).execute()).toEqual([]);
    for (const narrow of wallaby.narrow) expect(await narrow(t.app.db, want).execute()).toEqual([]);
    expect(await tiersOf('wallaby quoll').rest[0]!(t.app.db, want).execute()).toEqual([]);
    // The piece "50%_off" is in a word still: its tiers are asked.
    expect(idsOf(await tiersOf('50%_off').anyField!(t.app.db, want).execute())).toEqual([item.id]);
    // The typo tier is not a tier of the text as typed: it finds the item still.
    const typo = tiersOf('wallaby').rest.at(-1)!;
    expect(idsOf(await typo(t.app.db, want).execute())).toContain(item.id);
  });

  it("looks a piece up as itself: LIKE's wildcards and its escape character", async () => {
    await t.build.item({ name: '73qqzap a\\b' });
    // Unescaped, "73%_zap" would match "73qqzap", and "a\\b" would not match itself.
    expect(await piecesInNoWord(t.app.db, ['73%_zap', 'a\\b', '3qqz'])).toEqual(
      new Set(['73%_zap']),
    );
  });
});
