import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymous,
  createTestApp,
  errorOf,
  type Session,
  type TestApp,
  useTestApp,
} from '../../../../test/helpers/app.ts';

import { buildLabel } from '../../../../test/factories/labels.ts';
import { buildItem, LONG_AGO } from '../../../../test/factories/items.ts';
import { generateLabelCode } from '../../lib/label-codes.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const scan = (session: Session, code: string) =>
  t.inject(session, { method: 'POST', url: `/api/inventory/scan/${code}` });
const scansOf = (code: string) =>
  t.app.db
    .selectFrom('activity')
    .selectAll()
    .where('source_id', '=', code)
    .where('action', '=', 'SCAN')
    .execute();
const itemRow = (id: string) => t.row('items', id);

describe('POST /api/inventory/scan/:code', () => {
  it('refuses a malformed code with 400 and records nothing', async () => {
    const before = await t.app.db.selectFrom('activity').select('seq').execute();
    for (const bad of ["'; DROP", 'x'.repeat(60), 'ABCD']) {
      const res = await scan(anonymous, encodeURIComponent(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).message).toContain('Not a valid label code');
    }
    expect(await t.app.db.selectFrom('activity').select('seq').execute()).toEqual(before);
  });

  it('answers null for an unknown label and never creates it', async () => {
    const code = generateLabelCode();
    const res = await scan(staff, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    const row = await t.app.db
      .selectFrom('labels')
      .select('id')
      .where('id', '=', code)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(await scansOf(code)).toEqual([]);
  });

  it('returns a free label without recording a scan', async () => {
    const free = await t.build.label();
    const res = await scan(staff, free.id);
    expect(res.json()).toMatchObject({ id: free.id, item_id: null });
    expect(await scansOf(free.id)).toEqual([]);
  });

  it('records an anonymous scan without an email and without a last scanner', async () => {
    const item = await t.build.item({ name: 'Crate 9', updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    const res = await scan(anonymous, label.id.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(label);
    expect(await scansOf(label.id)).toMatchObject([
      {
        type: 'LABEL',
        action: 'SCAN',
        email: null,
        user_id: null,
        ref_id: label.id,
        ref_item_id: item.id,
        ref_name: 'Crate 9',
      },
    ]);
    const after = await itemRow(item.id);
    expect(after.last_scanned_by).toBeNull();
    // A scan is not an edit of the item.
    expect(after.updated_at).toBe(LONG_AGO);
  });

  it.each([
    ['staff', () => staff],
    ['client', () => client],
  ])('makes a signed-in %s member the last scanner', async (_role, session) => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    // A client user only of their own client's items (other-client.test.ts has the rest).
    const clientId = session().member!.client_id;
    if (clientId) {
      await t.app.db
        .updateTable('items')
        .set({ client_id: clientId })
        .where('id', '=', item.id)
        .execute();
    }
    const label = await t.build.label({ item_id: item.id });
    const res = await scan(session(), label.id);
    expect(res.statusCode).toBe(200);
    expect(await scansOf(label.id)).toMatchObject([
      { email: session().member!.email, user_id: session().member!.id, ref_item_id: item.id },
    ]);
    expect((await itemRow(item.id)).last_scanned_by).toBe(session().member!.id);
    // The scanner's email is searchable at once (it is a search field of the item).
    const doc = await t.app.db
      .selectFrom('item_search')
      .select(['last_scanned_by', 'last_scanned_by_email'])
      .where('item_id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(doc.last_scanned_by).toBe(session().member!.id);
    expect(doc.last_scanned_by_email).toContain(session().member!.email.split('@')[0]);
  });
});

describe('GET /scan/:code (the page a label points at, as a phone camera app opens it)', () => {
  const open = (session: Session, code: string, headers: Record<string, string> = {}) =>
    t.inject(session, { method: 'GET', url: `/scan/${code}`, headers });

  it('records an anonymous scan once and redirects to the item page', async () => {
    const item = await t.build.item({ name: 'Crate 12', updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    const res = await open(anonymous, label.id.toLowerCase());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/items/${item.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await scansOf(label.id)).toMatchObject([
      {
        type: 'LABEL',
        action: 'SCAN',
        user_id: null,
        email: null,
        ref_id: label.id,
        ref_item_id: item.id,
        ref_name: 'Crate 12',
      },
    ]);
    expect((await itemRow(item.id)).last_scanned_by).toBeNull();
  });

  // (What a client user's scan of another client's label records is the scan service's
  // rule, tested with POST /api/inventory/scan: the redirect calls the same function.)
  it.each([['staff', () => staff]])(
    'records a signed-in (%s) scan with their email and makes them the last scanner',
    async (_, session) => {
      const item = await t.build.item({ updated_at: LONG_AGO });
      const label = await t.build.label({ item_id: item.id });
      const res = await open(session(), label.id);
      expect(res.statusCode).toBe(302);
      expect(await scansOf(label.id)).toMatchObject([
        { user_id: session().member!.id, email: session().member!.email },
      ]);
      const row = await itemRow(item.id);
      expect(row.last_scanned_by).toBe(session().member!.id);
      expect(row.updated_at).toBe(LONG_AGO);
      const read = await t.inject(staff, {
        method: 'GET',
        url: `/api/inventory/items/${item.id}`,
      });
      expect(read.json().last_scanned_by_email).toBe(session().member!.email);
    },
  );

  it('records each opening once: two openings are two scans', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    await open(staff, label.id);
    await open(staff, label.id);
    expect(await scansOf(label.id)).toHaveLength(2);
  });

  it('records nothing for a HEAD, a link preview robot or a prefetch', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    const head = await t.inject(staff, { method: 'HEAD', url: `/scan/${label.id}` });
    expect(head.statusCode).toBe(302);
    const robot = await open(anonymous, label.id, {
      'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    });
    expect(robot.statusCode).toBe(302);
    for (const headers of [
      { 'sec-purpose': 'prefetch' } as Record<string, string>,
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
    ]) {
      // The web app, whose page records the scan only if it is really shown.
      const res = await open(staff, label.id, headers);
      expect(res.headers.location, JSON.stringify(headers)).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(await scansOf(label.id)).toEqual([]);
    expect((await itemRow(item.id)).last_scanned_by).toBeNull();
  });

  /** A labelled item marked missing, its label opened by staff from `sec-fetch-site: site`. */
  async function openMissingItemLabel(site: string) {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    await t.request(staff, 'PUT', `/api/inventory/items/${item.id}`, { condition: 'missing' });
    const res = await open(staff, label.id, { 'sec-fetch-site': site });
    return { item, label, res };
  }

  // A page on another site linking to a label must not make a signed-in member's browser
  // record scans (or mark a missing item found) in their name.
  it.each(['cross-site', 'same-site'])(
    'records nothing for a link followed from another site (%s), but opens the item',
    async (site) => {
      const { item, label, res } = await openMissingItemLabel(site);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/items/${item.id}`);
      expect(await scansOf(label.id)).toEqual([]);
      const row = await itemRow(item.id);
      expect(row.condition).toBe('missing');
      expect(row.last_scanned_by).toBeNull();
    },
  );

  it.each(['none', 'same-origin'])(
    'records a scan opened by a camera app or our own page (%s)',
    async (site) => {
      const { item, label, res } = await openMissingItemLabel(site);
      expect(res.statusCode).toBe(302);
      expect(await scansOf(label.id)).toMatchObject([{ user_id: staff.member!.id }]);
      const row = await itemRow(item.id);
      expect(row.condition).toBe('ok');
      expect(row.last_scanned_by).toBe(staff.member!.id);
    },
  );

  it('hands free, unknown and malformed codes to the web app (not built here: 503)', async () => {
    const free = await t.build.label();
    for (const code of [free.id, generateLabelCode(), encodeURIComponent("'; DROP")]) {
      const res = await open(staff, code);
      expect(res.statusCode, code).toBe(503);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('not built');
    }
    expect(await scansOf(free.id)).toEqual([]);
  });

  it('ignores a session cookie that is not valid: the scan is anonymous', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const label = await t.build.label({ item_id: item.id });
    const res = await t.inject(anonymous, {
      method: 'GET',
      url: `/scan/${label.id}`,
      headers: { cookie: 'yk_session=not-a-session' },
    });
    expect(res.statusCode).toBe(302);
    expect(await scansOf(label.id)).toMatchObject([{ user_id: null, email: null }]);
  });
});

describe('GET /scan/:code with a built web app', () => {
  let built: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(t.database.dataDir, 'web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Yardkeep app</title>');
    built = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => built.close());

  it('serves index.html for a free label and still redirects an attached one', async () => {
    const free = await buildLabel(built.app);
    const page = await built.app.inject({ method: 'GET', url: `/scan/${free.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Yardkeep app');

    const item = await buildItem(built.app, { updated_at: LONG_AGO });
    const label = await buildLabel(built.app, { item_id: item.id });
    const res = await built.app.inject({ method: 'GET', url: `/scan/${label.id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/items/${item.id}`);
  });

  it('serves a prefetch of an attached label the page, uncached, recording nothing', async () => {
    const item = await buildItem(built.app, { updated_at: LONG_AGO });
    const label = await buildLabel(built.app, { item_id: item.id });
    const res = await built.app.inject({
      method: 'GET',
      url: `/scan/${label.id}`,
      headers: { 'sec-purpose': 'prefetch' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Yardkeep app');
    expect(res.headers['cache-control']).toBe('no-store');
    const scans = await built.app.db
      .selectFrom('activity')
      .select('seq')
      .where('source_id', '=', label.id)
      .execute();
    expect(scans).toEqual([]);
  });
});
