import { describe, expect, it } from 'vitest';
import { errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { ACTIVITY_PAGE_SIZE, type ActivityEntry } from '../../../common/schemas/activity.ts';
import { activityCount } from '../../../../test/helpers/catalog.ts';
import { recordActivity } from './activity.repo.ts';

const t = useTestApp();
const [staff] = t.signIn('staff');

const page = async (session: Session, n: number | string) =>
  t.inject(session, { method: 'GET', url: `/api/activity/${n}` });

describe('GET /api/activity/:page: refusals', () => {
  it('is 401 for anonymous visitors and 403 for client users', async () => {
    expect((await page(await t.loginAs('anonymous'), 1)).statusCode).toBe(401);
    const res = await page(await t.loginAs('client'), 1);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('refuses pages that are not whole numbers from 1', async () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3x']) {
      const res = await page(staff, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
  });
});

describe('GET /api/activity/:page: paging', () => {
  it('gives 25 entries a page, newest first, and [] past the end', async () => {
    // Feed rows written directly: what is tested here is the paging, not who writes.
    for (let i = 1; i <= 60; i++) {
      await t.app.db.transaction().execute((trx) =>
        recordActivity(trx, {
          type: 'LOCATION',
          action: 'CREATE',
          actor: i % 2 ? { id: staff.member!.id, email: staff.member!.email } : null,
          sourceId: `loc${i}`,
          ref: { name: `Location ${i}`, id: `loc${i}` },
        }),
      );
    }
    const total = await activityCount(t.app);
    const pages = Math.ceil(total / ACTIVITY_PAGE_SIZE);
    const seen: ActivityEntry[] = [];
    for (let n = 1; n <= pages; n++) {
      const res = await page(staff, n);
      expect(res.statusCode).toBe(200);
      const entries: ActivityEntry[] = res.json();
      expect(entries).toHaveLength(
        n < pages ? ACTIVITY_PAGE_SIZE : total - (pages - 1) * ACTIVITY_PAGE_SIZE,
      );
      seen.push(...entries);
    }
    expect((await page(staff, pages + 1)).json()).toEqual([]);
    expect((await page(staff, 1000)).json()).toEqual([]);

    expect(seen).toHaveLength(total);
    const ids = seen.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(total);

    expect(seen[0]).toEqual({
      id: seen[0]!.id,
      type: 'LOCATION',
      action: 'CREATE',
      email: null,
      source_id: 'loc60',
      reference: { name: 'Location 60', item_id: null, id: 'loc60', src: null },
      detail: null,
      created_at: seen[0]!.created_at,
    });
    expect(seen[1]).toMatchObject({ source_id: 'loc59', email: staff.member!.email });
    expect(seen[ACTIVITY_PAGE_SIZE]!.source_id).toBe('loc35');
  });

  it('shows a write made through the API at the top of page 1', async () => {
    const created = await t.inject(staff, {
      method: 'POST',
      url: '/api/inventory/components',
      payload: { name: 'Fresh type' },
    });
    const [top] = (await page(staff, 1)).json() as ActivityEntry[];
    expect(top).toMatchObject({
      type: 'COMPONENT',
      action: 'CREATE',
      email: staff.member!.email,
      source_id: created.json().id,
      reference: { name: 'Fresh type', id: created.json().id },
    });
  });
});

describe('GET /api/activity/:page: member entries', () => {
  it('shows staff that members changed, but not who they are (listing members is admin-only)', async () => {
    const admin = await t.loginAs('admin');
    const email = 'hidden-member@example.com';
    const created = await t.inject(admin, {
      method: 'POST',
      url: '/api/members',
      payload: { username: email, password: 'initial-pass-1' },
    });
    expect(created.statusCode).toBe(201);
    const memberId = created.json().id as string;
    const changed = await t.inject(admin, {
      method: 'PUT',
      url: `/api/members/id/${memberId}`,
      payload: { password: 'another-pass-2' },
    });
    expect(changed.statusCode).toBe(200);

    const staffView = await page(staff, 1);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.body).not.toContain(email);
    expect(staffView.body).not.toContain(memberId);
    const memberEntries = (staffView.json() as ActivityEntry[]).filter((e) => e.type === 'MEMBER');
    expect(memberEntries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['CREATE', 'UPDATE']),
    );
    for (const entry of memberEntries) {
      expect(entry.reference).toEqual({ name: null, id: null, item_id: null, src: null });
      expect(entry.source_id).toBe('');
    }

    const adminView = (await page(admin, 1)).json() as ActivityEntry[];
    const forAdmin = adminView.find((e) => e.type === 'MEMBER' && e.source_id === memberId);
    expect(forAdmin?.reference.name).toBe(email);
  });
});
