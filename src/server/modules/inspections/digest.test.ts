import { describe, expect, it } from 'vitest';
import { addDays } from '../../../common/inspections.ts';
import { today } from '../../../common/job-stages.ts';
import { anonymous, useTestApp } from '../../../../test/helpers/app.ts';
import { useTestSmtp } from '../../../../test/helpers/smtp.ts';
import { DIGEST_WORK } from './digest.ts';

const smtp = useTestSmtp();
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
const other = t.secondInstance();
const [staff, client, optedOut, secondStaff] = t.signIn('staff', 'client', 'staff', 'staff');

const digestOf = (session: typeof staff) => t.request(session, 'GET', '/api/members/digest');
const setDigest = (session: typeof staff, enabled: boolean) =>
  t.request(session, 'PUT', '/api/members/digest', { enabled });

describe('the daily digest switch', () => {
  it('is 401 for anonymous visitors and 403 for client users, changing nothing', async () => {
    expect((await t.request(anonymous, 'GET', '/api/members/digest')).statusCode).toBe(401);
    expect(
      (await t.request(anonymous, 'PUT', '/api/members/digest', { enabled: true })).statusCode,
    ).toBe(401);
    expect((await setDigest(client, true)).statusCode).toBe(403);
    expect((await t.row('users', client.member!.id)).digest_opt_in).toBe(0);
  });

  it('refuses a body that is not a switch', async () => {
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, email: 'x@example.com' }]) {
      const res = await t.request(staff, 'PUT', '/api/members/digest', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.row('users', staff.member!.id)).digest_opt_in).toBe(0);
  });

  it('is off by default and switched by each member for themselves', async () => {
    expect((await digestOf(staff)).json()).toEqual({ enabled: false });
    expect((await setDigest(staff, true)).json()).toEqual({ enabled: true });
    expect((await digestOf(staff)).json()).toEqual({ enabled: true });
    expect((await digestOf(optedOut)).json()).toEqual({ enabled: false });
  });
});

describe('sending the digest with two instances on one database', () => {
  it('sends exactly one email per opted-in member, once a day, whichever instance runs it', async () => {
    await setDigest(staff, true);
    await setDigest(secondStaff, true);
    // Something to report: an inspection never done, a job overdue, a job due back tomorrow.
    const component = await t.build.component();
    await t.build.inspectionKind({ component_id: component.id, name: 'PAT test' });
    await t.build.item({ name: 'Kettle lead', component_id: component.id });
    const late = await t.build.outJob();
    await t.app.db
      .updateTable('manifests')
      .set({ due_date: addDays(today(), -2), name: 'Late show' })
      .where('id', '=', late.manifest.id)
      .execute();
    const tomorrow = await t.build.outJob();
    await t.app.db
      .updateTable('manifests')
      .set({ due_date: addDays(today(), 1), name: 'Back tomorrow' })
      .where('id', '=', tomorrow.manifest.id)
      .execute();

    const first = t.app.periodicWork.get(DIGEST_WORK)!;
    const second = other.app.periodicWork.get(DIGEST_WORK)!;
    const ran = await Promise.all([first.runNow(), second.runNow()]);
    // One instance won the lease; the other did not run the work at all.
    expect(ran.filter(Boolean)).toHaveLength(1);

    const mail = await smtp.waitFor(staff.member!.email);
    await smtp.waitFor(secondStaff.member!.email);
    expect(mail.raw).toContain('Kettle lead: PAT test never done');
    expect(mail.raw).toContain('Late show');
    expect(mail.raw).toContain('Back tomorrow');

    // A restart later the same day (the lease free and due again): the day's marks hold.
    await t.app.db
      .updateTable('leases')
      .set({ next_run_at: '', lease_until: '' })
      .where('name', '=', DIGEST_WORK)
      .execute();
    expect(await second.runNow()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const digests = smtp.messages.filter((m) => m.raw.includes('daily digest'));
    expect(
      digests
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual([staff.member!.email, secondStaff.member!.email].map((e) => e.toLowerCase()).sort());
    expect(await t.count('digest_sends')).toBe(2);
  });
});
