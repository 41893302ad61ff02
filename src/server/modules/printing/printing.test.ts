import { describe, expect, it } from 'vitest';
import {
  anonymous,
  errorOf,
  type Session,
  TEST_PUBLIC_URL,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import {
  decodeLabelByLabel,
  decodePdfPages,
  labelRects,
  pageCount,
  pdfText,
} from '../../../../test/helpers/pdf.ts';
import { formatLabelCode, scanLink } from '../../../common/label-code.ts';
import { LABEL_PRESETS, labelsPerPage } from '../../../common/label-presets.ts';
import type { PresetInfo } from '../../../common/schemas/printing.ts';
import { generateLabelCodes } from '../../lib/label-codes.ts';
import { labelGeometry, symbolWidth } from './label-layout.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const print = (session: Session, payload: object) =>
  t.inject(session, { method: 'POST', url: '/api/inventory/labels/print', payload });
const labelCount = () => t.count('labels');

describe('who may print', () => {
  it('refuses anonymous callers (401), and client users labels for items (403), attaching nothing', async () => {
    const item = await t.build.item({ name: 'Unlabelled' });
    const before = await labelCount();
    expect((await print(anonymous, { preset: 'avery-l7160', count: 1 })).statusCode).toBe(401);
    expect(
      (await t.inject(anonymous, { method: 'GET', url: '/api/inventory/labels/presets' }))
        .statusCode,
    ).toBe(401);
    for (const body of [
      { item_ids: [item.id] },
      { without_label: true },
      { container_id: item.id },
    ]) {
      const res = await print(client, { preset: 'avery-l7160', ...body });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    expect(await labelCount()).toBe(before);
    const offset = await t.inject(client, {
      method: 'PUT',
      url: '/api/inventory/labels/presets/avery-l7160/offset',
      payload: { x: 1, y: 1 },
    });
    expect(offset.statusCode).toBe(403);
  });

  it('lets client users print blank codes, as on the sample-labels page', async () => {
    const res = await print(client, { preset: 'zebra-2x1', count: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('refuses bad input with 400: unknown preset, two sources, a skip past the sheet, an unknown item', async () => {
    const before = await labelCount();
    for (const body of [
      { preset: 'avery-9999', count: 1 },
      { preset: 'avery-l7160' },
      { preset: 'avery-l7160', count: 1, codes: ['ABCD1234EFGH'] },
      { preset: 'avery-l7160', count: 1, skip: 21 },
      { preset: 'avery-l7160', codes: ['nope'] },
      { preset: 'avery-l7160', count: 1, offset_mm: { x: 50, y: 0 } },
    ]) {
      const res = await print(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await print(staff, { preset: 'avery-l7160', item_ids: ['nosuchitem'] });
    expect(missing.statusCode).toBe(404);
    expect(await labelCount()).toBe(before);
  });
});

describe('presets', () => {
  it('lists every preset with its QR size, and keeps modules readable at arm’s length', async () => {
    const res = await t.inject(staff, {
      method: 'GET',
      url: '/api/inventory/labels/presets',
    });
    const presets = res.json() as PresetInfo[];
    expect(presets.map((p) => p.id)).toEqual(LABEL_PRESETS.map((p) => p.id));
    for (const id of [
      'avery-l7160',
      'avery-5160',
      'brother-ql-62',
      'dymo-99012',
      'zebra-4x6',
      'placard-a5',
    ]) {
      expect(presets.map((p) => p.id)).toContain(id);
    }
    expect(presets.find((p) => p.id === 'avery-l7160')!.per_page).toBe(21);
    // A realistic, longer public address than the tests' own.
    const link = scanLink('https://inventory.example-studio.com', 'ABCD1234EFGH');
    for (const preset of LABEL_PRESETS) {
      const g = labelGeometry(preset, link);
      expect(g.module, preset.id).toBeGreaterThanOrEqual(0.6);
      if (preset.kind === 'placard') expect(symbolWidth(g), preset.id).toBeGreaterThanOrEqual(80);
      // Everything stays inside the label.
      expect(g.qr.x + g.qr.size).toBeLessThanOrEqual(preset.label.width);
      expect(g.text.x + g.text.width).toBeLessThanOrEqual(
        preset.label.width - preset.padding + 1e-9,
      );
    }
  });

  it('saves a printer offset per preset for everyone, and prints with it', async () => {
    const res = await t.inject(staff, {
      method: 'PUT',
      url: '/api/inventory/labels/presets/avery-l7163/offset',
      payload: { x: 1.5, y: -0.5 },
    });
    expect(res.statusCode).toBe(200);
    const other = await t.loginAs('staff');
    const list = (
      await t.inject(other, { method: 'GET', url: '/api/inventory/labels/presets' })
    ).json() as PresetInfo[];
    expect(list.find((p) => p.id === 'avery-l7163')!.offset_mm).toEqual({ x: 1.5, y: -0.5 });
    expect(list.find((p) => p.id === 'avery-l7160')!.offset_mm).toEqual({ x: 0, y: 0 });
  });
});

describe('every preset, decoded label by label at 300 dpi', () => {
  // Sheets: a whole first sheet, so every label position is read back; rolls and
  // placards: two labels (one per page).
  for (const preset of LABEL_PRESETS) {
    it(`${preset.id}: every code decodes to its scan link`, async () => {
      const n = preset.kind === 'sheet' ? labelsPerPage(preset) : 2;
      const codes = generateLabelCodes(n);
      const res = await print(staff, { preset: preset.id, codes });
      expect(res.statusCode, res.body).toBe(200);
      const pdf = res.rawPayload;
      expect(pageCount(pdf)).toBe(preset.kind === 'sheet' ? 1 : 2);
      const found = await decodeLabelByLabel(pdf, labelRects(preset, codes.length));
      expect(found).toEqual(codes.map((c) => [scanLink(TEST_PUBLIC_URL, c)]));
      // Rendering pages at 300 dpi and decoding each label is CPU work: 23 s of 30 once in a
      // loaded CI run, so the guard is 90 s (no timing is asserted).
    }, 90_000);
  }
});

describe('labels for items', () => {
  it('attaches fresh codes to items without one in one go, prints names in four scripts, and reuses labels', async () => {
    const place = await t.build.location({ name: 'Bay 4' });
    const owner = await t.build.client({ name: 'Acme Studios' });
    const names = ['Crème brûlée stand', 'Łódź table', 'Ærø crate', '東京 set piece'];
    const items = [];
    for (const name of names)
      items.push(await t.build.item({ name, location_id: place.id, client_id: owner.id }));
    const labelled = await t.build.label({ item_id: items[0]!.id });
    const before = await labelCount();

    const res = await print(staff, {
      preset: 'avery-l7160',
      item_ids: items.map((i) => i.id),
      skip: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await labelCount()).toBe(before + 3);
    const labels = await t.app.db
      .selectFrom('labels')
      .selectAll()
      .where(
        'item_id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    expect(labels).toHaveLength(4);
    const feed = await t.app.db
      .selectFrom('activity')
      .selectAll()
      .where('type', '=', 'LABEL')
      .where(
        'ref_item_id',
        'in',
        items.slice(1).map((i) => i.id),
      )
      .execute();
    expect(feed.map((f) => f.action)).toEqual(['CREATE', 'CREATE', 'CREATE']);

    const text = await pdfText(res.rawPayload);
    for (const name of names) expect(text.replace(/\s+/g, ' ')).toContain(name);
    expect(text.replace(/\s+/g, ' ')).toContain('Acme Studios · Bay 4');
    expect(text).toContain(formatLabelCode(labelled.id));
    const decoded = (await decodePdfPages(res.rawPayload)).flat().sort();
    expect(decoded).toEqual(labels.map((l) => scanLink(TEST_PUBLIC_URL, l.id)).sort());

    // Printing again attaches nothing new.
    await print(staff, { preset: 'zebra-2x1', item_ids: items.map((i) => i.id) });
    expect(await labelCount()).toBe(before + 3);
  }, 90_000);

  it("prints a container's contents at every level, and 404s an unknown container", async () => {
    const crate = await t.build.item({ name: 'Crate for labels' });
    const box = await t.build.item({ name: 'Box inside', container_id: crate.id });
    const cup = await t.build.item({ name: 'Cup inside the box', container_id: box.id });
    const outside = await t.build.item({ name: 'Not inside' });
    const before = await labelCount();
    expect(
      (await print(staff, { preset: 'avery-l7160', container_id: 'nosuchitem' })).statusCode,
    ).toBe(404);
    expect(await labelCount()).toBe(before);
    const res = await print(staff, { preset: 'avery-l7160', container_id: crate.id });
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Box inside');
    expect(text).toContain('Cup inside the box');
    expect(text).not.toContain('Not inside');
    expect(text).not.toContain('Crate for labels');
    const attached = await t.app.db
      .selectFrom('labels')
      .select('item_id')
      .where('item_id', 'in', [crate.id, box.id, cup.id, outside.id])
      .execute();
    expect(attached.map((l) => l.item_id).sort()).toEqual([box.id, cup.id].sort());
  });

  it("prints a manifest's items, and every item without a label, attaching codes as it prints", async () => {
    const manifest = await t.build.manifest({ name: 'Print run' });
    const packed = await t.build.item({ name: 'Packed flat', manifest_id: manifest.id });
    const loose = await t.build.item({ name: 'Loose flat' });
    const onManifest = await print(staff, { preset: 'dymo-99012', manifest_id: manifest.id });
    expect(onManifest.statusCode, onManifest.body).toBe(200);
    const text = (await pdfText(onManifest.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Packed flat');
    expect(text).not.toContain('Loose flat');

    const res = await print(staff, { preset: 'avery-l7160', without_label: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pdfText(res.rawPayload)).replace(/\s+/g, ' ')).toContain('Loose flat');
    const unlabelled = await t.app.db
      .selectFrom('items')
      .select('id')
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('labels')
          .select('item_id')
          .where('item_id', 'is not', null)
          .$narrowType<{ item_id: string }>(),
      )
      .execute();
    expect(unlabelled).toEqual([]);
    const feed = await t.app.db
      .selectFrom('activity')
      .select('ref_item_id')
      .where('type', '=', 'LABEL')
      .where('action', '=', 'CREATE')
      .where('ref_item_id', 'in', [packed.id, loose.id])
      .execute();
    expect(feed).toHaveLength(2);
    // Nothing is left to print.
    const again = await print(staff, { preset: 'avery-l7160', without_label: true });
    expect(again.statusCode).toBe(400);
  });

  it('wraps or shrinks a very long name, and cuts it rather than overflow', async () => {
    const long = `${'Extraordinarily long scenery flat name '.repeat(8)}END`;
    const item = await t.build.item({ name: long.slice(0, 200) });
    const res = await print(staff, { preset: 'zebra-2x1', item_ids: [item.id] });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Extraordinarily long');
    expect(text).toContain('…');
    expect((await decodePdfPages(res.rawPayload)).flat()).toHaveLength(1);
  });
});
