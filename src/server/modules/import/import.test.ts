import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, useTestApp } from '../../../../test/helpers/app.ts';
import type { ImportPreview } from '../../../common/schemas/import.ts';
import { generateLabelCode } from '../../lib/label-codes.ts';
import { formatLabelCode } from '../../../common/label-code.ts';
import { expectRefusedUnchanged } from '../../../../test/server/role-matrix/snapshot.ts';
import { activityDetails } from '../../../../test/helpers/database.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const counts = async () => ({
  items: await t.count('items'),
  clients: await t.count('clients'),
  locations: await t.count('locations'),
  labels: await t.count('labels'),
  activity: await t.count('activity'),
});

const preview = (res: { json(): unknown }) => res.json() as ImportPreview;
const unique = () => Math.random().toString(36).slice(2, 8);

describe('POST /api/inventory/import: who may', () => {
  it('refuses anonymous callers (401) and client users (403), changing nothing', async () => {
    const before = await counts();
    expect((await t.importCsv(anonymous, 'name\nCrate 1\n')).statusCode).toBe(401);
    const res = await t.importCsv(client, 'name\nCrate 1\n');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect(await counts()).toEqual(before);
  });

  it('refuses an empty body, a file without a header, and a mapping to a missing column', async () => {
    const before = await counts();
    expect((await t.importCsv(staff, '')).statusCode).toBe(400);
    expect((await t.importCsv(staff, '\n\n')).statusCode).toBe(400);
    const res = await t.importCsv(staff, 'Description\nCrate\n', 'map.name=Beschreibung');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe("map.name: the file has no column 'Beschreibung'.");
    const unknown = await t.importCsv(staff, 'name\nx\n', 'map.colour=Red');
    expect(unknown.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers 413 for a file over 20 MiB, declared or streamed, and imports nothing', async () => {
    const before = await counts();
    const big = Buffer.alloc(20 * 1048576 + 10, 'a');
    const res = await t.importCsv(staff, big);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toMatch(/at most 20 MB/);
    expect(await counts()).toEqual(before);
  });
});

describe('messy files', () => {
  it('reads UTF-8 with a BOM, semicolons, quoted newlines and maps known names', async () => {
    const tag = unique();
    const csv = `\uFEFFName;Type;Client;Notes\r\n"Crème ${tag}";Crate;"Łódź ${tag}";"line one\r\nline two; with a separator"\r\n"東京 ${tag}";pallet;"Łódź ${tag}";\r\n`;
    const res = await t.importCsv(staff, csv, 'dry_run=true');
    expect(res.statusCode, res.body).toBe(200);
    const p = preview(res);
    expect(p.file).toMatchObject({ encoding: 'utf-8', delimiter: ';', rows: 2 });
    expect(p.mapping).toMatchObject({
      name: 'Name',
      type: 'Type',
      client: 'Client',
      note: 'Notes',
    });
    expect([p.create, p.update, p.errors]).toEqual([2, 0, []]);
    expect(p.new_clients).toEqual([`Łódź ${tag}`]);
    expect(p.preview[0]!.values.note).toBe('line one\r\nline two; with a separator');
    expect(p.preview[1]!.row).toBe(3);

    const done = await t.importCsv(staff, csv, 'filename=inventory.csv');
    expect(done.statusCode, done.body).toBe(200);
    const items = preview(done).items;
    expect(items.map((i) => i.name)).toEqual([`Crème ${tag}`, `東京 ${tag}`]);
    const row = await t.app.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', items[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Crate', note: 'line one\r\nline two; with a separator' });
    const second = await t.app.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', items[1]!.id)
      .executeTakeFirstOrThrow();
    expect(second.status).toBe('Pallet');
    expect(second.client_id).toBe(row.client_id);
  });

  it('reads Windows-1252 with tabs (Excel "CSV" on Western Windows)', async () => {
    const tag = unique();
    const text = `name\tlocation\nCrème brûlée ${tag}\tÆrø Süd ${tag}\n`;
    const bytes = Buffer.from(new Uint8Array([...text].map((c) => cp1252(c))));
    const res = await t.importCsv(staff, bytes, 'dry_run=true');
    const p = preview(res);
    expect(p.file).toMatchObject({ encoding: 'windows-1252', delimiter: '\t' });
    expect(p.preview[0]!.values).toEqual({
      name: `Crème brûlée ${tag}`,
      location: `Ærø Süd ${tag}`,
    });
    expect(p.new_locations).toEqual([`Ærø Süd ${tag}`]);
  });

  it('names row and column of every bad row, suggests a type, and imports nothing', async () => {
    const before = await counts();
    const csv = [
      'name,type,label',
      'Good,Crate,',
      'Bad type,Crates,',
      'Bad code,Panel,NOT-A-CODE',
      `"Long ${'x'.repeat(201)}",,`,
    ].join('\n');
    const dry = preview(await t.importCsv(staff, csv, 'dry_run=true'));
    expect(dry.errors).toEqual([
      {
        row: 3,
        column: 'type',
        message: "row 3, type: 'Crates' is not a type; did you mean Crate?",
      },
      {
        row: 4,
        column: 'label',
        message:
          "row 4, label: 'NOT-A-CODE' is not a label code (12 letters and digits, like ABCD-EFGH-JKMN).",
      },
      { row: 5, column: 'name', message: 'row 5, name: is too long (at most 200 characters).' },
    ]);
    expect([dry.create, dry.invalid_rows]).toEqual([1, 3]);

    const res = await t.importCsv(staff, csv);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('import_invalid');
    expect(errorOf(res).message).toContain(
      "row 3, type: 'Crates' is not a type; did you mean Crate?",
    );
    expect(await counts()).toEqual(before);

    // Explicitly importing the valid rows only.
    const valid = preview(await t.importCsv(staff, csv, 'valid_only=true'));
    expect([valid.create, valid.skipped]).toEqual([1, 3]);
    expect(await t.count('items')).toBe(before.items + 1);
  });

  it('refuses a broken quote with the line it is on', async () => {
    const res = await t.importCsv(staff, 'name,note\n"open,quote\n', 'dry_run=true');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid_csv');
  });

  it('takes a mapping from the query (map.name=Description) and leaves unmapped columns out', async () => {
    const tag = unique();
    const csv = `Description,Name,Colour\nStage flat ${tag},ignored,red\n`;
    const p = preview(await t.importCsv(staff, csv, 'dry_run=true&map.name=Description&map.note='));
    expect(p.mapping).toEqual({ name: 'Description' });
    expect(p.preview[0]!.values).toEqual({ name: `Stage flat ${tag}` });
  });
});

describe('re-import and round trip', () => {
  it('matches by id and by label code: the second import of a file changes nothing', async () => {
    const byId = await t.build.item({ name: 'Old name' });
    const byLabel = await t.build.item({ name: 'Labelled' });
    const label = await t.build.label({ item_id: byLabel.id });
    const code = generateLabelCode();
    const tag = unique();
    const csv = [
      'id,name,label,location',
      `${byId.id},Renamed ${tag},,Dock ${tag}`,
      `,By label ${tag},${formatLabelCode(label.id).toLowerCase()},Dock ${tag}`,
      `,New with code ${tag},${code},Dock ${tag}`,
    ].join('\n');
    const first = preview(await t.importCsv(staff, csv, 'filename=again.csv'));
    expect([first.create, first.update, first.unchanged], JSON.stringify(first.errors)).toEqual([
      1, 2, 0,
    ]);
    expect(first.new_locations).toEqual([`Dock ${tag}`]);
    const renamed = await t.app.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', byLabel.id)
      .executeTakeFirstOrThrow();
    expect(renamed.name).toBe(`By label ${tag}`);
    const attached = await t.app.db
      .selectFrom('labels')
      .selectAll()
      .where('id', '=', code)
      .executeTakeFirstOrThrow();
    expect(attached.item_id).toBe(first.items.find((i) => i.name === `New with code ${tag}`)!.id);

    const after = await counts();
    const second = preview(await t.importCsv(staff, csv, 'filename=again.csv'));
    expect([second.create, second.update, second.unchanged]).toEqual([0, 0, 3]);
    expect(await counts()).toEqual(after);
  });

  it('refuses two rows for one item, and a label that is on another item', async () => {
    const item = await t.build.item({ name: 'Target' });
    const elsewhere = await t.build.item({ name: 'Elsewhere' });
    const label = await t.build.label({ item_id: elsewhere.id });
    const third = await t.build.item({ name: 'Third' });
    const csv = `id,name,label\n${item.id},One,\n${item.id},Two,\n${third.id},Four,${label.id}\n`;
    const p = preview(await t.importCsv(staff, csv, 'dry_run=true'));
    expect(p.errors.map((e) => e.message)).toEqual([
      `row 3, id: '${item.id}' is also on row 2.`,
      'row 4, label: the label is on another item; free it first or leave it out.',
    ]);
  });

  it('export → import is a round trip: nothing changes, and the feed says what was imported', async () => {
    const tag = unique();
    const csv = `name,type,client,location,component,manifest,label,note\nRound ${tag},Crate,C ${tag},L ${tag},Comp ${tag},M ${tag},${formatLabelCode(generateLabelCode())},"a
b"\n`;
    const imported = await t.importCsv(staff, csv, 'filename=inventory.csv');
    expect(imported.statusCode, imported.body).toBe(200);
    const p = preview(imported);
    expect(p.new_components).toEqual([`Comp ${tag}`]);
    expect(p.new_manifests).toEqual([`M ${tag}`]);
    const feed = await t.lastActivity();
    expect(feed).toMatchObject({
      type: 'ITEM',
      action: 'IMPORT',
      ref_name: '1 item from inventory.csv',
    });

    const exported = await t.inject(staff, {
      method: 'GET',
      url: '/api/inventory/export.csv',
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(
      exported.body.startsWith(
        '\uFEFFid,name,type,client,location,container,component,manifest,label,note\r\n',
      ),
    ).toBe(true);
    expect(exported.body).toContain(`Round ${tag},Crate,C ${tag},L ${tag},,Comp ${tag},M ${tag},`);

    const before = await counts();
    const again = preview(await t.importCsv(staff, Buffer.from(exported.body, 'utf8')));
    expect(again.errors).toEqual([]);
    expect([again.create, again.update]).toEqual([0, 0]);
    expect(again.unchanged).toBe(await t.count('items'));
    expect(await counts()).toEqual(before);
  });

  it('nests items by a container column: a later row by name, a stored item by label code', async () => {
    const tag = unique();
    const pallet = await t.build.item({ name: `Pallet ${tag}`, status: 'Pallet' });
    const palletLabel = await t.build.label({ item_id: pallet.id });
    const csv = [
      'name,type,location,container',
      `Lamp ${tag},Piece,,Crate ${tag}`,
      `Crate ${tag},Crate,Dock ${tag},${formatLabelCode(palletLabel.id)}`,
      `Loose ${tag},Piece,Shelf ${tag},`,
    ].join('\n');
    const dry = preview(await t.importCsv(staff, csv, 'dry_run=true'));
    expect(dry.errors).toEqual([]);
    expect(dry.preview.map((r) => r.values.container)).toEqual([
      `Crate ${tag}`,
      formatLabelCode(palletLabel.id),
      '',
    ]);
    const done = preview(await t.importCsv(staff, csv, 'filename=nested.csv'));
    expect(done.create).toBe(3);
    const byName = async (name: string) =>
      t.app.db.selectFrom('items').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const lamp = await byName(`Lamp ${tag}`);
    const crate = await byName(`Crate ${tag}`);
    expect(lamp.container_id).toBe(crate.id);
    expect(crate.container_id).toBe(pallet.id);
    // Inside a container, an item is where its container is (the pallet has no location).
    expect([lamp.location_id, crate.location_id]).toEqual([null, null]);
  });

  it('refuses unknown, ambiguous, self and looping containers, naming row and column', async () => {
    const tag = unique();
    await t.build.item({ name: `Twin ${tag}` });
    await t.build.item({ name: `Twin ${tag}` });
    const before = await counts();
    const csv = [
      'name,container',
      `A ${tag},B ${tag}`,
      `B ${tag},A ${tag}`,
      `Self ${tag},Self ${tag}`,
      `Lost ${tag},Nowhere ${tag}`,
      `Which ${tag},Twin ${tag}`,
      `Good ${tag},`,
    ].join('\n');
    const dry = preview(await t.importCsv(staff, csv, 'dry_run=true'));
    expect(dry.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'container'],
      [3, 'container'],
      [4, 'container'],
      [5, 'container'],
      [6, 'container'],
    ]);
    expect(dry.errors[2]!.message).toBe(`row 4, container: an item cannot go inside itself.`);
    expect(dry.errors[3]!.message).toBe(
      `row 5, container: 'Nowhere ${tag}' is not the name or label code of a row or an item.`,
    );
    expect(dry.errors[4]!.message).toBe(
      `row 6, container: 2 items are named 'Twin ${tag}'; use the container's label code.`,
    );
    expect((await t.importCsv(staff, csv)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('export → import keeps containers: the round trip of a nested tree changes nothing', async () => {
    const tag = unique();
    const csv = [
      'name,location,container',
      `Outer ${tag},Yard ${tag},`,
      `Inner ${tag},,Outer ${tag}`,
      `Thing ${tag},,Inner ${tag}`,
    ].join('\n');
    expect((await t.importCsv(staff, csv)).statusCode).toBe(200);
    const exported = await t.inject(staff, {
      method: 'GET',
      url: `/api/inventory/export.csv?q=${encodeURIComponent(tag)}`,
    });
    const lines = exported.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(exported.body).toContain(`,Thing ${tag},,,Yard ${tag},Inner ${tag},`);
    const before = await counts();
    const again = preview(await t.importCsv(staff, Buffer.from(exported.body, 'utf8')));
    expect(again.errors).toEqual([]);
    expect([again.create, again.update, again.unchanged]).toEqual([0, 0, 3]);
    expect(await counts()).toEqual(before);
  });

  it("gives a client user only their client's items in the export", async () => {
    const own = await t.app.db
      .selectFrom('users')
      .select('client_id')
      .where('id', '=', client.member!.id)
      .executeTakeFirstOrThrow();
    const mine = await t.build.item({ name: 'Mine', client_id: own.client_id });
    const other = await t.build.client();
    const theirs = await t.build.item({ name: 'Theirs', client_id: other.id });
    const res = await t.inject(client, { method: 'GET', url: '/api/inventory/export.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(mine.id);
    expect(res.body).not.toContain(theirs.id);
    expect(res.body.trim().split('\r\n')).toHaveLength(2);
    expect(
      (await t.inject(anonymous, { method: 'GET', url: '/api/inventory/export.csv' })).statusCode,
    ).toBe(401);
  });

  it('exports the home list filters (q and status)', async () => {
    const tag = unique();
    await t.build.item({ name: `Filtered ${tag}`, status: 'Rack' });
    await t.build.item({ name: `Filtered ${tag} crate`, status: 'Crate' });
    const res = await t.inject(staff, {
      method: 'GET',
      url: `/api/inventory/export.csv?q=${encodeURIComponent(`Filtered ${tag}`)}&status=Rack`,
    });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Filtered ${tag},Rack`);
  });
});

/** A character's Windows-1252 byte (Latin-1 for the ones used here). */
function cp1252(char: string): number {
  const code = char.charCodeAt(0);
  if (code > 0xff) throw new Error(`not in the test's cp1252 range: ${char}`);
  return code;
}

describe('rows that pack an item another job holds', () => {
  const call = t.caller('/api/inventory');

  /** An item held by a reserved job 12–15 Jun, and another job overlapping it. */
  async function heldItem() {
    const name = `Held crate ${unique()}`;
    const item = await t.build.item({ name });
    const job = async (jobName: string, out_date: string, due_date: string) => {
      const res = await call(staff, 'POST', '/manifests', { name: jobName, out_date, due_date });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; name: string };
    };
    const autumn = await job(`Autumn fair ${unique()}`, '2027-06-12', '2027-06-15');
    expect(
      (await call(staff, 'POST', `/manifests/${autumn.id}/reservations`, { item_id: item.id }))
        .statusCode,
    ).toBe(201);
    expect((await call(staff, 'POST', `/manifests/${autumn.id}/reserve`)).statusCode).toBe(200);
    const summer = await job(`Summer show ${unique()}`, '2027-06-10', '2027-06-13');
    return { item, autumn, summer, csv: `id,manifest\n${item.id},${summer.name}\n` };
  }

  it('refuses the import until it is answered (409), changing nothing', async () => {
    const { item, autumn, csv } = await heldItem();
    const res = await expectRefusedUnchanged(t.app, t.config.dataDir, 409, () =>
      t.importCsv(staff, csv),
    );
    expect(errorOf(res)).toEqual({
      code: 'reserved_elsewhere',
      message: `Nothing was imported: row 2: Reserved for ${autumn.name} from 12 Jun. Pack it anyway? Import again with pack_anyway to pack them anyway.`,
    });
    await expectRefusedUnchanged(t.app, t.config.dataDir, 409, () =>
      t.importCsv(staff, csv, 'pack_anyway=false'),
    );
    expect((await t.row('items', item.id)).manifest_id).toBeNull();
  });

  it('the dry run asks the question on the row; with pack_anyway it is packed and the answer recorded', async () => {
    const { item, autumn, summer, csv } = await heldItem();
    const dry = preview(await t.importCsv(staff, csv, 'dry_run=true'));
    expect(dry.questions).toEqual([
      {
        row: 2,
        column: 'manifest',
        message: `Reserved for ${autumn.name} from 12 Jun. Pack it anyway?`,
      },
    ]);
    expect(dry.update).toBe(1);
    expect((await t.row('items', item.id)).manifest_id).toBeNull();

    const res = await t.importCsv(staff, csv, 'pack_anyway=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(preview(res).questions).toHaveLength(1);
    expect((await t.row('items', item.id)).manifest_id).toBe(summer.id);
    expect(await activityDetails(t.app.db, summer.id, 'OVERBOOK')).toEqual([
      `Packed ${item.name} anyway: reserved for ${autumn.name} from 12 Jun`,
    ]);
    // Once packed, the same file asks nothing more.
    expect(preview(await t.importCsv(staff, csv, 'dry_run=true')).questions).toEqual([]);
  });
});
