import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { LONG_AGO } from '../../../../test/factories/items.ts';
import { generateLabelCode } from '../../lib/label-codes.ts';
import { formatLabelCode } from '../../../common/label-code.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const labelRow = (code: string) =>
  t.app.db.selectFrom('labels').selectAll().where('id', '=', code).executeTakeFirst();
const itemRow = (id: string) => t.row('items', id);
const activityCount = () => t.count('activity');
const activityFor = (code: string) =>
  t.app.db
    .selectFrom('activity')
    .selectAll()
    .where('source_id', '=', code)
    .orderBy('seq')
    .execute();

const attach = (session: Session, payload: object, query = '') =>
  t.inject(session, { method: 'POST', url: `/api/inventory/labels${query}`, payload });

describe('POST /api/inventory/labels', () => {
  it('is 401 for anonymous visitors and 403 for client users, creating nothing', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const code = generateLabelCode();
    const before = await activityCount();
    expect((await attach(anonymous, { item_id: item.id, id: code })).statusCode).toBe(401);
    expect((await attach(client, { item_id: item.id, id: code })).statusCode).toBe(403);
    expect(await labelRow(code)).toBeUndefined();
    expect(await activityCount()).toBe(before);
    expect((await itemRow(item.id)).updated_at).toBe(LONG_AGO);
  });

  it('refuses malformed codes, missing or unknown fields and bad query values with 400', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const code = generateLabelCode();
    const cases: Array<[object, string]> = [
      [{ item_id: item.id, id: "'; DROP TABLE labels; --" }, ''],
      [{ item_id: item.id, id: 'ABCD-EFGH-JKM' }, ''], // 11 characters
      [{ item_id: item.id, id: 'ABCD-EFGH-JKMNP' }, ''], // 13 characters
      [{ item_id: item.id, id: 'A'.repeat(5000) }, ''],
      [{ item_id: item.id, id: 42 }, ''],
      [{ item_id: item.id }, ''],
      [{ id: code }, ''],
      [{ item_id: "x' OR 1=1", id: code }, ''],
      [{ item_id: item.id, id: code, name: 'sneaky' }, ''],
      [{ item_id: item.id, id: code }, '?replace=maybe'],
      [{ item_id: item.id, id: code }, '?force=true'],
    ];
    const before = await activityCount();
    for (const [payload, query] of cases) {
      const res = await attach(staff, payload, query);
      expect(res.statusCode, JSON.stringify(payload) + query).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
    expect(errorOf(await attach(staff, { item_id: item.id, id: '; DROP' })).message).toContain(
      'Not a valid label code',
    );
    expect(errorOf(await attach(staff, { item_id: item.id, id: code, x: 1 })).message).toContain(
      'Unknown field: x',
    );
    expect(await labelRow(code)).toBeUndefined();
    expect(await activityCount()).toBe(before);
  });

  it('is 404 for an unknown item, creating nothing', async () => {
    const code = generateLabelCode();
    const res = await attach(staff, { item_id: 'nosuchitem', id: code });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Item not found.');
    expect(await labelRow(code)).toBeUndefined();
  });

  it('creates a never-seen label on the item from any spelling of its code', async () => {
    const item = await t.build.item({ name: 'Blue crate', updated_at: LONG_AGO });
    const code = generateLabelCode();
    const typed = ` ${formatLabelCode(code).toLowerCase()} `;
    const res = await attach(staff, { item_id: item.id, id: typed });
    expect(res.statusCode).toBe(200);
    const label = res.json();
    expect(label).toEqual({
      id: code,
      item_id: item.id,
      name: 'Blue crate',
      updated_at: expect.any(String),
    });
    expect((await labelRow(code))?.item_id).toBe(item.id);
    expect((await itemRow(item.id)).updated_at).toBe(label.updated_at);
    const entries = await activityFor(code);
    expect(entries).toMatchObject([
      {
        type: 'LABEL',
        action: 'CREATE',
        email: staff.member!.email,
        ref_id: code,
        ref_item_id: item.id,
        ref_name: 'Blue crate',
      },
    ]);
  });

  it('attaches a free label', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const free = await t.build.label({ updated_at: LONG_AGO });
    const res = await attach(staff, { item_id: item.id, id: free.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: free.id, item_id: item.id, name: item.name });
    expect(res.json().updated_at).not.toBe(LONG_AGO);
  });

  it('takes a label from another item, touching both and recording both sides', async () => {
    const from = await t.build.item({ name: 'Old home', updated_at: LONG_AGO });
    const to = await t.build.item({ name: 'New home', updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: from.id });
    const res = await attach(staff, { item_id: to.id, id: label.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: label.id, item_id: to.id, name: 'New home' });
    expect((await itemRow(from.id)).updated_at).not.toBe(LONG_AGO);
    expect((await itemRow(to.id)).updated_at).not.toBe(LONG_AGO);
    expect(await activityFor(label.id)).toMatchObject([
      { type: 'LABEL', action: 'DELETE', ref_item_id: from.id, ref_name: 'Old home' },
      { type: 'LABEL', action: 'CREATE', ref_item_id: to.id, ref_name: 'New home' },
    ]);
  });

  it('changes nothing when the label is already on the item', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id, updated_at: LONG_AGO });
    const before = await activityCount();
    const res = await attach(staff, { item_id: item.id, id: label.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(label);
    expect(await activityCount()).toBe(before);
    expect((await itemRow(item.id)).updated_at).toBe(LONG_AGO);
  });

  describe('with ?replace=false', () => {
    it('returns the label object when it attached a new label', async () => {
      const item = await t.build.item({ updated_at: LONG_AGO });
      const code = generateLabelCode();
      const res = await attach(staff, { item_id: item.id, id: code }, '?replace=false');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: code, item_id: item.id });
      expect((await labelRow(code))?.item_id).toBe(item.id);
    });

    it('returns the label object when it attached a free label', async () => {
      const item = await t.build.item({ updated_at: LONG_AGO });
      const free = await t.build.label();
      const res = await attach(staff, { item_id: item.id, id: free.id }, '?replace=false');
      expect(res.json()).toMatchObject({ id: free.id, item_id: item.id });
    });

    it.each([
      { answer: true, where: 'already on this item' },
      { answer: false, where: 'on another item' },
    ])('returns $answer, changing nothing, when the label is $where', async ({ answer }) => {
      const owner = await t.build.item({ updated_at: LONG_AGO });
      const target = answer ? owner : await t.build.item({ updated_at: LONG_AGO });
      const label = await t.build.label({ item_id: owner.id, updated_at: LONG_AGO });
      const before = await activityCount();
      const res = await attach(staff, { item_id: target.id, id: label.id }, '?replace=false');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(answer);
      expect(await labelRow(label.id)).toMatchObject({ item_id: owner.id, updated_at: LONG_AGO });
      expect(await activityCount()).toBe(before);
      for (const item of new Set([owner, target])) {
        expect((await itemRow(item.id)).updated_at).toBe(LONG_AGO);
      }
    });

    it('then moves it when called again without replace=false', async () => {
      const owner = await t.build.item({ updated_at: LONG_AGO });
      const other = await t.build.item({ updated_at: LONG_AGO });
      const label = await t.build.label({ item_id: owner.id });
      const res = await attach(staff, { item_id: other.id, id: label.id }, '?replace=true');
      expect(res.json()).toMatchObject({ id: label.id, item_id: other.id });
    });
  });
});

describe('GET /api/inventory/labels/:id', () => {
  it('refuses malformed codes with 400 before any lookup', async () => {
    for (const bad of [
      "'; DROP",
      "'%3B%20DROP%20TABLE%20labels",
      'ABC',
      'A'.repeat(41),
      'ÅBCD-EFGH-JKMN',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/inventory/labels/${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).message).toContain('Not a valid label code');
    }
  });

  it('is 404 for a well-formed code nobody has used', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/labels/${generateLabelCode()}`,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Label not found.');
  });

  it('shows anyone the label, however its code is typed', async () => {
    const item = await t.build.item({ name: 'Rack 7', updated_at: LONG_AGO });
    const label = await t.build.label({ id: '1234ABCD0V0K', item_id: item.id });
    for (const typed of ['1234ABCD0V0K', '1234-abcd-0v0k', 'I234 ABCD OUOK']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/inventory/labels/${encodeURIComponent(typed)}`,
      });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toEqual({
        id: '1234ABCD0V0K',
        item_id: item.id,
        name: 'Rack 7',
        updated_at: label.updated_at,
      });
    }
  });

  it('shows a free label with no item and no name', async () => {
    const free = await t.build.label();
    const res = await t.app.inject({ method: 'GET', url: `/api/inventory/labels/${free.id}` });
    expect(res.json()).toMatchObject({ id: free.id, item_id: null, name: null });
  });
});

describe('GET /api/inventory/items/:id/labels', () => {
  it('is 400 for a malformed item id and 404 for an unknown item', async () => {
    const bad = await t.app.inject({ method: 'GET', url: `/api/inventory/items/a%20b/labels` });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/inventory/items/nope/labels' });
    expect(unknown.statusCode).toBe(404);
  });

  it("lists the item's labels newest first, to anyone", async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const older = await t.build.label({
      item_id: item.id,
      updated_at: '2024-01-01T00:00:00.000Z',
    });
    const newer = await t.build.label({
      item_id: item.id,
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    await t.build.label({ item_id: (await t.build.item({ updated_at: LONG_AGO })).id }); // someone else's
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/items/${item.id}/labels`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { id: string }) => l.id)).toEqual([newer.id, older.id]);
  });
});

describe('PUT /api/inventory/labels/:id', () => {
  const put = (session: Session, code: string, payload: object) =>
    t.inject(session, { method: 'PUT', url: `/api/inventory/labels/${code}`, payload });

  it('is 401 for anonymous visitors and 403 for client users, changing nothing', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id, updated_at: LONG_AGO });
    expect((await put(anonymous, label.id, { item_id: null })).statusCode).toBe(401);
    expect((await put(client, label.id, { item_id: null })).statusCode).toBe(403);
    expect(await labelRow(label.id)).toMatchObject({ item_id: item.id, updated_at: LONG_AGO });
  });

  it('refuses malformed codes, missing and unknown fields with 400', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id, updated_at: LONG_AGO });
    for (const [code, payload] of [
      [encodeURIComponent("'; DROP"), { item_id: null }],
      [label.id, {}],
      [label.id, { item_id: 7 }],
      [label.id, { item_id: null, name: 'x' }],
    ] as const) {
      expect((await put(staff, code, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await labelRow(label.id)).toMatchObject({ item_id: item.id, updated_at: LONG_AGO });
  });

  it('is 404 for an unknown label or item', async () => {
    const label = await t.build.label();
    expect((await put(staff, generateLabelCode(), { item_id: null })).statusCode).toBe(404);
    const res = await put(staff, label.id, { item_id: 'nosuchitem' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Item not found.');
  });

  it('frees a label, touching its item and recording it', async () => {
    const item = await t.build.item({ name: 'Pallet 3', updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    const res = await put(staff, formatLabelCode(label.id), { item_id: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: label.id, item_id: null, name: null });
    expect((await labelRow(label.id))?.item_id).toBeNull();
    expect((await itemRow(item.id)).updated_at).not.toBe(LONG_AGO);
    expect(await activityFor(label.id)).toMatchObject([
      { type: 'LABEL', action: 'DELETE', ref_item_id: item.id, ref_name: 'Pallet 3' },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/items/${item.id}/labels`,
    });
    expect(list.json()).toEqual([]);
  });

  it('moves a label to another item', async () => {
    const from = await t.build.item({ updated_at: LONG_AGO });
    const to = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: from.id });
    const res = await put(staff, label.id, { item_id: to.id });
    expect(res.json()).toMatchObject({ id: label.id, item_id: to.id, name: to.name });
    expect((await activityFor(label.id)).map((e) => e.action)).toEqual(['DELETE', 'CREATE']);
  });

  it('records nothing when freeing a label that is already free', async () => {
    const label = await t.build.label({ updated_at: LONG_AGO });
    const before = await activityCount();
    const res = await put(staff, label.id, { item_id: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated_at).toBe(LONG_AGO);
    expect(await activityCount()).toBe(before);
  });
});
