import { describe, expect, it } from 'vitest';
import { addDays, MAX_INSPECTION_REQUEST_BYTES, shortDate } from '../../../common/inspections.ts';
import { today } from '../../../common/job-stages.ts';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { multipartBody, pdfBytes } from '../../../../test/helpers/multipart.ts';
import { pngImage } from '../../../../test/fixtures/images.ts';
import { expectRefusedUnchanged } from '../../../../test/server/role-matrix/snapshot.ts';

const t = useTestApp();
const [admin, staff, client] = t.signIn('admin', 'staff', 'client');

const api = t.caller('/api/inventory');
const day = today();

/** A component type with a kind, and an item of it (of the signed-in client user's client). */
async function inspectedThing(
  kind: { interval_days?: number; blocks_dispatch?: boolean; name?: string } = {},
  item: { client_id?: string | null; manifest_id?: string; name?: string } = {},
) {
  const component = await t.build.component();
  const built = await t.build.inspectionKind({ component_id: component.id, ...kind });
  const thing = await t.build.item({
    name: item.name ?? 'Cable 3',
    component_id: component.id,
    ...(item.client_id ? { client_id: item.client_id } : {}),
    ...(item.manifest_id ? { manifest_id: item.manifest_id } : {}),
  });
  return { component, kind: built, item: thing };
}

const record = async (
  session: Session,
  itemId: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipartBody>[1] = [],
) => {
  const body = await multipartBody(fields, files);
  return t.inject(session, {
    method: 'POST',
    url: `/api/inventory/items/${itemId}/inspections`,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
};

const inspectionsOf = (itemId: string) =>
  t.app.db.selectFrom('inspections').selectAll().where('item_id', '=', itemId).execute();

describe('inspection kinds', () => {
  it('are managed by admins only: 401 anonymous, 403 client users and staff, nothing written', async () => {
    const component = await t.build.component();
    const body = { component_id: component.id, name: 'PAT test', interval_days: 365 };
    expect((await api(anonymous, 'POST', '/inspection-kinds', body)).statusCode).toBe(401);
    expect((await api(client, 'POST', '/inspection-kinds', body)).statusCode).toBe(403);
    expect((await api(staff, 'POST', '/inspection-kinds', body)).statusCode).toBe(403);
    const kind = await t.build.inspectionKind({ component_id: component.id });
    for (const session of [anonymous, client, staff]) {
      const put = await api(session, 'PUT', `/inspection-kinds/${kind.id}`, { interval_days: 1 });
      const del = await api(session, 'DELETE', `/inspection-kinds/${kind.id}`);
      expect([put.statusCode, del.statusCode]).toEqual(
        session === anonymous ? [401, 401] : [403, 403],
      );
    }
    expect((await t.row('inspection_kinds', kind.id)).interval_days).toBe(365);
    expect((await api(anonymous, 'GET', '/inspection-kinds')).statusCode).toBe(401);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const component = await t.build.component();
    const before = await t.count('inspection_kinds');
    for (const body of [
      {},
      { component_id: component.id, name: '', interval_days: 30 },
      { component_id: component.id, name: 'PAT', interval_days: 0 },
      { component_id: component.id, name: 'PAT', interval_days: 1.5 },
      { component_id: component.id, name: 'PAT', interval_days: '30' },
      { component_id: component.id, name: 'PAT', interval_days: 30, blocks_dispatch: 'yes' },
      { component_id: component.id, name: 'PAT', interval_days: 30, id: 'mine' },
      { component_id: 'nope', name: 'PAT', interval_days: 30 },
    ]) {
      const res = await api(admin, 'POST', '/inspection-kinds', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
    expect(await t.count('inspection_kinds')).toBe(before);
  });

  it('refuses a bad change or a bad id with a clear error and changes nothing', async () => {
    const kind = await t.build.inspectionKind({ component_id: (await t.build.component()).id });
    for (const body of [
      { interval_days: 0 },
      { interval_days: -30 },
      { interval_days: 5000 },
      { name: '' },
      { blocks_dispatch: 'no' },
      { component_id: kind.component_id },
      { version: 'one' },
    ]) {
      const res = await expectRefusedUnchanged(t.app, t.config.dataDir, 400, () =>
        api(admin, 'PUT', `/inspection-kinds/${kind.id}`, body),
      );
      expect(errorOf(res).code, JSON.stringify(body)).toBe('invalid_input');
    }
    for (const [method, id, status] of [
      ['PUT', 'bad id!', 400],
      ['DELETE', 'bad id!', 400],
      ['PUT', 'nosuchkind1', 404],
      ['DELETE', 'nosuchkind1', 404],
    ] as const) {
      await expectRefusedUnchanged(t.app, t.config.dataDir, status, () =>
        api(admin, method, `/inspection-kinds/${id}`, method === 'PUT' ? { name: 'X' } : undefined),
      );
    }
    for (const url of ['/items/bad id!/inspections', '/manifests/bad id!/inspections-due']) {
      expect((await api(staff, 'GET', url)).statusCode, url).toBe(400);
    }
  });

  it('are created, listed, changed from a version and deleted by an admin', async () => {
    const component = await t.build.component({ name: 'Harness' });
    const created = await api(admin, 'POST', '/inspection-kinds', {
      component_id: component.id,
      name: 'Load test',
      interval_days: 180,
      blocks_dispatch: true,
    });
    expect(created.statusCode).toBe(201);
    const kind = created.json();
    expect(kind).toMatchObject({ component_name: 'Harness', blocks_dispatch: true, version: 1 });
    const same = await api(admin, 'POST', '/inspection-kinds', {
      component_id: component.id,
      name: 'load TEST',
      interval_days: 1,
    });
    expect(same.statusCode).toBe(409);

    const list = (await api(client, 'GET', '/inspection-kinds')).json();
    expect(list.map((k: { id: string }) => k.id)).toContain(kind.id);

    const changed = await api(admin, 'PUT', `/inspection-kinds/${kind.id}`, {
      interval_days: 90,
      version: 1,
    });
    expect(changed.json()).toMatchObject({ interval_days: 90, version: 2, name: 'Load test' });
    const stale = await api(admin, 'PUT', `/inspection-kinds/${kind.id}`, {
      name: 'X',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.row('inspection_kinds', kind.id)).name).toBe('Load test');

    // The component type cannot go while a kind hangs on it.
    const delComponent = await api(admin, 'DELETE', `/components/${component.id}`);
    expect(delComponent.statusCode).toBe(409);
    expect(errorOf(delComponent).message).toContain('1 inspection kind');

    expect((await api(admin, 'DELETE', `/inspection-kinds/${kind.id}`)).statusCode).toBe(200);
    expect(await t.findRow('inspection_kinds', kind.id)).toBeUndefined();
  });

  it('cannot be deleted once inspections of it are recorded', async () => {
    const { kind, item } = await inspectedThing();
    await t.build.inspection({ item_id: item.id, kind_id: kind.id });
    const res = await api(admin, 'DELETE', `/inspection-kinds/${kind.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'in_use',
      message: 'This inspection kind has 1 recorded inspection.',
    });
  });
});

describe('POST /api/inventory/items/:id/inspections', () => {
  it('is 401 for anonymous visitors and 403 for client users, recording nothing', async () => {
    const { kind, item } = await inspectedThing({}, { client_id: client.member!.client_id });
    const fields = { kind_id: kind.id, result: 'failed', date: day };
    expect((await record(anonymous, item.id, fields)).statusCode).toBe(401);
    expect((await record(client, item.id, fields)).statusCode).toBe(403);
    expect(await inspectionsOf(item.id)).toEqual([]);
    expect((await t.row('items', item.id)).condition).toBe('ok');
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const { kind, item } = await inspectedThing();
    const other = await inspectedThing();
    const ok = { kind_id: kind.id, result: 'failed', date: day };
    const cases: Array<[string, () => Promise<import('fastify').LightMyRequestResponse>]> = [
      ['JSON, not multipart', () => api(staff, 'POST', `/items/${item.id}/inspections`, ok)],
      ['no kind', () => record(staff, item.id, { result: 'failed', date: day })],
      ['a kind id badly written', () => record(staff, item.id, { ...ok, kind_id: 'bad id!' })],
      [
        'a kind that does not exist',
        () => record(staff, item.id, { ...ok, kind_id: 'nosuchkind1' }),
      ],
      ['a result that is neither', () => record(staff, item.id, { ...ok, result: 'maybe' })],
      ['a date that does not exist', () => record(staff, item.id, { ...ok, date: '2026-02-30' })],
      ['a date badly written', () => record(staff, item.id, { ...ok, date: '4 June' })],
      ['no date', () => record(staff, item.id, { kind_id: kind.id, result: 'failed' })],
      ['a future date', () => record(staff, item.id, { ...ok, date: addDays(day, 1) })],
      ['an unknown field', () => record(staff, item.id, { ...ok, condition: 'ok' })],
      [
        'a kind of another component type',
        () => record(staff, item.id, { ...ok, kind_id: other.kind.id }),
      ],
      [
        'a kind of another component type, with a good certificate',
        () =>
          record(staff, item.id, { ...ok, kind_id: other.kind.id }, [
            { filename: 'c.pdf', type: 'application/pdf', bytes: pdfBytes() },
          ]),
      ],
      [
        'four attachments',
        () =>
          record(
            staff,
            item.id,
            ok,
            Array.from({ length: 4 }, (_, i) => ({
              filename: `c${i}.pdf`,
              type: 'application/pdf',
              bytes: pdfBytes(),
            })),
          ),
      ],
    ];
    for (const [what, send] of cases) {
      const res = await expectRefusedUnchanged(t.app, t.config.dataDir, 400, send);
      expect(errorOf(res).message, what).toBeTruthy();
    }
    expect(await inspectionsOf(item.id)).toEqual([]);
    expect((await t.row('items', item.id)).condition).toBe('ok');
    expect(
      (
        await expectRefusedUnchanged(t.app, t.config.dataDir, 404, () =>
          record(staff, 'nosuchitem1', ok),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses an attachment of a wrong type or over 20 MB with a 400 naming it, storing nothing', async () => {
    const { kind, item } = await inspectedThing();
    const ok = { kind_id: kind.id, result: 'failed', date: day };
    const certificate = { filename: 'good.pdf', type: 'application/pdf', bytes: pdfBytes() };
    const notAccepted =
      'An attachment must be a photo (JPEG, PNG, WebP, GIF or AVIF) or a PDF certificate.';
    const cases: Array<[string, Parameters<typeof multipartBody>[1], string, string]> = [
      [
        'a text file',
        [{ filename: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello, not a file') }],
        'attachment_type',
        notAccepted,
      ],
      [
        'a text file sent as an image',
        [{ filename: 'sling.png', type: 'image/png', bytes: Buffer.from('not a png at all') }],
        'attachment_type',
        notAccepted,
      ],
      [
        'a PDF that is not a PDF, after a good certificate',
        [
          certificate,
          {
            filename: 'certificate.pdf',
            type: 'application/pdf',
            bytes: Buffer.from('<html>not a pdf at all</html>'),
          },
        ],
        'attachment_type',
        'certificate.pdf is sent as a PDF, but its contents are not a PDF.',
      ],
      [
        'a PDF cut short (no %%EOF)',
        [{ filename: 'c.pdf', type: 'application/pdf', bytes: pdfBytes().subarray(0, 60) }],
        'attachment_type',
        'c.pdf is sent as a PDF, but its contents are not a PDF.',
      ],
      [
        'an attachment over 20 MB, beside a good certificate',
        [
          certificate,
          {
            filename: 'big.pdf',
            type: 'application/pdf',
            bytes: Buffer.concat([pdfBytes(), Buffer.alloc(20 * 1048576), Buffer.from('%%EOF')]),
          },
        ],
        'attachment_too_large',
        'An attachment is too large: each can be at most 20 MB.',
      ],
    ];
    for (const [what, files, code, message] of cases) {
      const res = await expectRefusedUnchanged(t.app, t.config.dataDir, 400, () =>
        record(staff, item.id, ok, files),
      );
      expect(errorOf(res), what).toEqual({ code, message });
    }
    // A request past the whole form's bound is refused by its declared length, unread.
    const body = await multipartBody(ok);
    const declared = await expectRefusedUnchanged(t.app, t.config.dataDir, 400, () =>
      t.inject(staff, {
        method: 'POST',
        url: `/api/inventory/items/${item.id}/inspections`,
        headers: {
          'content-type': body.contentType,
          'content-length': String(MAX_INSPECTION_REQUEST_BYTES + 1),
        },
        payload: body.payload,
      }),
    );
    expect(errorOf(declared).code).toBe('attachment_too_large');
    expect(await inspectionsOf(item.id)).toEqual([]);
    expect((await t.row('items', item.id)).condition).toBe('ok');
  });

  it('records a pass with a PDF certificate, readable back by its bytes', async () => {
    const { kind, item } = await inspectedThing({ interval_days: 365 });
    const certificate = pdfBytes('PAT 2026');
    // What the form sends, and the inspection answers back as sent.
    const given = { result: 'passed', note: 'All good', inspector: 'Sparky Ltd' };
    const res = await record(
      staff,
      item.id,
      { kind_id: kind.id, date: addDays(day, -10), ...given },
      [{ filename: 'pat-cert.pdf', type: 'application/pdf', bytes: certificate }],
    );
    expect(res.statusCode).toBe(201);
    const inspection = res.json();
    expect(inspection).toMatchObject({
      ...given,
      kind_name: kind.name,
      recorded_by_email: staff.member!.email,
    });
    expect(inspection.attachments).toEqual([
      expect.objectContaining({
        filename: 'pat-cert.pdf',
        content_type: 'application/pdf',
        size: certificate.length,
      }),
    ]);
    const file = await t.inject(staff, { method: 'GET', url: inspection.attachments[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(certificate)).toBe(true);
    // The pass keeps the item as it was.
    expect((await t.row('items', item.id)).condition).toBe('ok');
  });

  it('stores a photo as images are stored (re-encoded, its type from its bytes)', async () => {
    const { kind, item } = await inspectedThing();
    const res = await record(staff, item.id, { kind_id: kind.id, result: 'passed', date: day }, [
      { filename: 'sling.png', type: 'application/octet-stream', bytes: await pngImage() },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments[0]).toMatchObject({
      content_type: 'image/png',
      filename: 'sling.png',
    });
  });

  it('a failed inspection sets the item damaged with the note, through the item door', async () => {
    const { kind, item } = await inspectedThing({ name: 'PAT test' });
    const res = await record(staff, item.id, {
      kind_id: kind.id,
      result: 'failed',
      date: day,
      note: 'Earth continuity fail',
    });
    expect(res.statusCode).toBe(201);
    const row = await t.row('items', item.id);
    expect([row.condition, row.condition_note, row.version]).toEqual([
      'damaged',
      'Earth continuity fail',
      item.version + 1,
    ]);
    const feed = await t.app.db
      .selectFrom('activity')
      .select(['action', 'detail'])
      .where('source_id', '=', item.id)
      .where('action', 'in', ['INSPECT', 'DAMAGE'])
      .orderBy('seq')
      .execute();
    expect(feed).toEqual([
      { action: 'INSPECT', detail: 'PAT test failed: Earth continuity fail' },
      expect.objectContaining({ action: 'DAMAGE' }),
    ]);
  });
});

describe('GET /api/inventory/items/:id/inspections', () => {
  it('is 401 for anonymous visitors, and not found to a client user for another client’s item', async () => {
    const { item } = await inspectedThing();
    expect((await api(anonymous, 'GET', `/items/${item.id}/inspections`)).statusCode).toBe(401);
    const res = await api(client, 'GET', `/items/${item.id}/inspections`);
    expect(res.statusCode).toBe(404);
  });

  it('keeps another client’s certificates from a client user', async () => {
    const { kind, item } = await inspectedThing();
    const inspection = await t.build.inspection({
      item_id: item.id,
      kind_id: kind.id,
      certificate: true,
    });
    const url = inspection.attachments[0]!.url;
    expect((await t.inject(anonymous, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.inject(client, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.inject(staff, { method: 'GET', url })).statusCode).toBe(200);
  });

  it('shows a client user their own item’s history, without member emails', async () => {
    const { kind, item } = await inspectedThing({}, { client_id: client.member!.client_id });
    const inspection = await t.build.inspection({
      item_id: item.id,
      kind_id: kind.id,
      certificate: true,
    });
    const res = await api(client, 'GET', `/items/${item.id}/inspections`);
    expect(res.statusCode).toBe(200);
    expect(res.json().inspections).toEqual([
      expect.objectContaining({ id: inspection.id, recorded_by_email: null }),
    ]);
    const file = await t.inject(client, { method: 'GET', url: inspection.attachments[0]!.url });
    expect(file.statusCode).toBe(200);
  });

  it('is due at once when never inspected, and the interval after the last pass', async () => {
    const { kind, item } = await inspectedThing({ interval_days: 30 });
    const never = (await api(staff, 'GET', `/items/${item.id}/inspections`)).json();
    expect(never.schedule).toEqual([
      expect.objectContaining({ kind_id: kind.id, status: 'never', next_due: null, overdue: true }),
    ]);
    await t.build.inspection({ item_id: item.id, kind_id: kind.id, date: addDays(day, -40) });
    await t.build.inspection({ item_id: item.id, kind_id: kind.id, date: addDays(day, -5) });
    const after = (await api(staff, 'GET', `/items/${item.id}/inspections`)).json();
    expect(after.schedule[0]).toMatchObject({
      status: 'passed',
      last_date: addDays(day, -5),
      next_due: addDays(day, 25),
      overdue: false,
    });
    expect(after.inspections.map((i: { date: string }) => i.date)).toEqual([
      addDays(day, -5),
      addDays(day, -40),
    ]);
  });
});

describe('GET /api/inventory/inspections/due', () => {
  it('is 401 for anonymous visitors and 403 for client users', async () => {
    expect((await api(anonymous, 'GET', '/inspections/due')).statusCode).toBe(401);
    expect((await api(client, 'GET', '/inspections/due')).statusCode).toBe(403);
  });

  it('refuses a window that is not a number of days', async () => {
    for (const days of ['abc', '-1', '1.5', '400']) {
      expect((await api(staff, 'GET', `/inspections/due?days=${days}`)).statusCode, days).toBe(400);
    }
  });

  it('lists what is due in the window, overdue first', async () => {
    const soon = await inspectedThing({ interval_days: 100 }, { name: 'Due soon' });
    await t.build.inspection({
      item_id: soon.item.id,
      kind_id: soon.kind.id,
      date: addDays(day, -90),
    });
    const late = await inspectedThing({ interval_days: 10 }, { name: 'Overdue' });
    await t.build.inspection({
      item_id: late.item.id,
      kind_id: late.kind.id,
      date: addDays(day, -20),
    });
    const later = await inspectedThing({ interval_days: 100 }, { name: 'Not yet' });
    await t.build.inspection({
      item_id: later.item.id,
      kind_id: later.kind.id,
      date: addDays(day, -10),
    });
    const never = await inspectedThing({}, { name: 'Never' });

    const due = (await api(staff, 'GET', '/inspections/due?days=30')).json() as Array<{
      item_id: string;
      overdue: boolean;
      next_due: string | null;
    }>;
    const ours = due.filter((d) => [soon, late, later, never].some((x) => x.item.id === d.item_id));
    expect(ours.map((d) => [d.item_id, d.overdue, d.next_due])).toEqual([
      [never.item.id, true, null],
      [late.item.id, true, addDays(day, -10)],
      [soon.item.id, false, addDays(day, 10)],
    ]);
    // Overdue ones always lead the whole list.
    const firstNotOverdue = due.findIndex((d) => !d.overdue);
    expect(due.slice(firstNotOverdue).every((d) => !d.overdue)).toBe(true);
  });
});

describe('a job’s inspections and dispatch', () => {
  async function plannedJob(name = 'Summer show', dueIn = 20) {
    return t.build.manifest({ name, out_date: day, due_date: addDays(day, dueIn) });
  }

  it('lists the items whose inspection falls due before the job returns', async () => {
    const job = await plannedJob();
    const due = await inspectedThing(
      { name: 'PAT test', interval_days: 365 },
      { manifest_id: job.id, name: 'Cable 1' },
    );
    await t.build.inspection({
      item_id: due.item.id,
      kind_id: due.kind.id,
      date: addDays(day, -350),
    });
    const fine = await inspectedThing(
      { interval_days: 365 },
      { manifest_id: job.id, name: 'Cable 2' },
    );
    await t.build.inspection({ item_id: fine.item.id, kind_id: fine.kind.id, date: day });

    expect((await api(anonymous, 'GET', `/manifests/${job.id}/inspections-due`)).statusCode).toBe(
      401,
    );
    expect((await api(client, 'GET', `/manifests/${job.id}/inspections-due`)).statusCode).toBe(403);
    const res = await api(staff, 'GET', `/manifests/${job.id}/inspections-due`);
    expect(res.json()).toEqual([
      expect.objectContaining({
        item_id: due.item.id,
        message: `PAT test due ${shortDate(addDays(day, 15))}, before Summer show returns`,
      }),
    ]);
  });

  it('refuses dispatch while a blocking inspection is overdue, and dispatches on an override with its note in the feed', async () => {
    const job = await plannedJob('Festival');
    const { kind, item } = await inspectedThing(
      { name: 'Load test', interval_days: 30, blocks_dispatch: true },
      { manifest_id: job.id, name: 'Sling 7' },
    );
    await t.build.inspection({ item_id: item.id, kind_id: kind.id, date: addDays(day, -31) });

    const refused = await api(staff, 'POST', `/manifests/${job.id}/dispatch`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'inspection_due',
      message: `Not dispatched: Sling 7: Load test overdue since ${shortDate(addDays(day, -1))}. Staff may dispatch anyway with a note.`,
    });
    expect((await t.row('manifests', job.id)).stage).toBe('planning');

    for (const body of [
      { override: true },
      { override: true, note: '   ' },
      { override: 'yes', note: 'Checked' },
      { override: true, note: 'Checked', force: true },
    ]) {
      const res = await expectRefusedUnchanged(t.app, t.config.dataDir, 400, () =>
        api(staff, 'POST', `/manifests/${job.id}/dispatch`, body),
      );
      expect(errorOf(res).message, JSON.stringify(body)).toBeTruthy();
    }
    expect((await t.row('manifests', job.id)).stage).toBe('planning');

    const override = await api(staff, 'POST', `/manifests/${job.id}/dispatch`, {
      override: true,
      note: 'Tested on site by the venue',
    });
    expect(override.statusCode).toBe(200);
    expect((await t.row('manifests', job.id)).stage).toBe('out');
    const feed = await t.app.db
      .selectFrom('activity')
      .select(['action', 'detail', 'email'])
      .where('source_id', '=', job.id)
      .where('action', 'in', ['OVERRIDE', 'DISPATCH'])
      .orderBy('seq')
      .execute();
    expect(feed).toEqual([
      {
        action: 'OVERRIDE',
        detail: `Sling 7: Load test overdue since ${shortDate(addDays(day, -1))} — Tested on site by the venue`,
        email: staff.member!.email,
      },
      expect.objectContaining({ action: 'DISPATCH' }),
    ]);
  });

  it('refuses dispatch with a failed item on the job, even of a kind that does not block', async () => {
    const job = await plannedJob('Gala');
    const { kind, item } = await inspectedThing(
      { name: 'PAT test' },
      { manifest_id: job.id, name: 'Lamp 2' },
    );
    await t.build.inspection({
      item_id: item.id,
      kind_id: kind.id,
      result: 'failed',
      note: 'Cracked plug',
    });
    const refused = await api(staff, 'POST', `/manifests/${job.id}/dispatch`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain(`Lamp 2 failed its PAT test on ${shortDate(day)}`);
  });

  it('dispatches when only a kind that does not block is overdue', async () => {
    const job = await plannedJob('Wedding');
    await inspectedThing({ blocks_dispatch: false }, { manifest_id: job.id });
    expect((await api(staff, 'POST', `/manifests/${job.id}/dispatch`)).statusCode).toBe(200);
  });
});
