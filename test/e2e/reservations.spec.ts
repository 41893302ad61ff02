import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildComponent } from '../factories/components.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildManifest, buildRequirement } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { injectAs, loginAs } from '../helpers/app.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import type { Browser } from '../helpers/browser.ts';
import { openBrowserWithCamera } from '../helpers/camera.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';
import { qrLabelPng } from '../helpers/qr.ts';

// Reserving kit for a job's dates through the real server and browser (issue 21): two
// jobs that overlap want one crate; the second is refused with the first named, overrides
// with a note, shows short on the planner, and packing the crate for the first makes the
// second's requirement go short. The dates are in 2027, so nothing here is ever overdue.

const { server, desktop, mobile, signIn } = useBrowserSuite();
let camera: Browser | undefined;
afterAll(async () => {
  await camera?.close();
});

const JUNE = 'from=2027-06-01&to=2027-06-30';

/** The planner's jobs as [name, short?] pairs. */
function plannerJobs(page: Page) {
  return page
    .getByTestId('planner-job')
    .evaluateAll((rows) =>
      rows.map((r) => [
        (r as HTMLElement).dataset.job,
        (r as HTMLElement).dataset.short === 'true',
      ]),
    );
}

/** The Availability section's requirement lines, as "Stage deck: 1 required · …". */
function requirementLines(page: Page) {
  return page
    .getByTestId('requirement-availability')
    .evaluateAll((rows) =>
      rows.map(
        (r) =>
          `${(r as HTMLElement).dataset.component}: ${r.querySelector('[data-testid="requirement-line"]')?.textContent}`,
      ),
    );
}

async function openJob(page: Page, id: string, name: string) {
  await page.goto(`${server.origin}/manifests/${id}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
  await page
    .getByTestId('requirement-availability')
    .or(page.getByText(/A draft/))
    .first()
    .waitFor();
}

async function reserveByName(page: Page, itemName: string) {
  await page.getByRole('button', { name: 'Reserve items' }).click();
  const picker = page.getByTestId('reserve-picker');
  // Until something is searched, the picker shows what is free per type.
  await expect.poll(() => picker.getByTestId('free-counts').isVisible()).toBe(true);
  await picker.getByRole('searchbox', { name: 'Search' }).fill(itemName);
  await picker.getByRole('button', { name: `Reserve ${itemName}` }).click();
  await expect
    .poll(() =>
      page
        .getByTestId('reserved-item')
        .evaluateAll((li) => li.map((l) => (l as HTMLElement).dataset.item)),
    )
    .toContain(itemName);
}

describe('reservations', () => {
  it('refuses the second job the first one’s crate, overrides with a note, and shows the shortage on the planner and after packing', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const deck = await buildComponent(server.app, { name: 'Stage deck' });
    const crate = await buildItem(server.app, {
      name: 'Crate 12',
      status: 'Crate',
      component_id: deck.id,
    });
    const summer = await buildManifest(server.app, {
      name: 'Summer show',
      out_date: '2027-06-03',
      due_date: '2027-06-09',
    });
    const autumn = await buildManifest(server.app, {
      name: 'Autumn fair',
      out_date: '2027-06-05',
      due_date: '2027-06-12',
    });
    // The summer show counts on the one stage deck there is (by number, not by name).
    await buildRequirement(server.app, summer.id, deck.id, 1);
    await buildRequirement(server.app, autumn.id, deck.id, 1);
    await signIn(page, staff);

    await openJob(page, summer.id, 'Summer show');
    await page.getByRole('button', { name: 'Reserve', exact: true }).click();
    await expect.poll(() => page.getByTestId('job-stage').textContent()).toBe('Reserved');
    await expect.poll(() => page.getByRole('button', { name: 'Unreserve' }).isVisible()).toBe(true);
    await expect
      .poll(() => requirementLines(page))
      .toEqual(['Stage deck: 1 required · 1 available']);

    // The autumn fair names the crate: no job holds it by name, so the picker offers it.
    await openJob(page, autumn.id, 'Autumn fair');
    await reserveByName(page, 'Crate 12');
    expect(await page.getByTestId('reserved-item').getAttribute('data-short')).toBeNull();

    // Reserving it is refused, with the summer show named.
    await page.getByRole('button', { name: 'Reserve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Already held by another job' });
    await expect.poll(() => dialog.getByTestId('overbooked').innerText()).toContain('Summer show');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Overriding needs a note; without one nothing is sent.
    await dialog.getByRole('button', { name: 'Overbook anyway' }).click();
    await expect.poll(() => dialog.getByText('Say why you overbook.').isVisible()).toBe(true);
    expect(await page.getByTestId('job-stage').textContent()).toBe('Planning');
    await dialog.getByLabel(/^Why overbook/).fill('Second crate sub-rented from Hire Co');
    await dialog.getByRole('button', { name: 'Overbook anyway' }).click();
    await expect.poll(() => page.getByTestId('job-stage').textContent()).toBe('Reserved');
    // The override shows the job short, in red. Its requirement is met for now: the crate
    // it names is here and no other job holds it by name.
    await expect.poll(() => page.getByTestId('job-window').innerText()).toMatch(/^Short for/);
    await expect
      .poll(() => requirementLines(page))
      .toEqual(['Stage deck: 1 required · 1 available']);
    const override = await server.app.db
      .selectFrom('activity')
      .select(['action', 'detail'])
      .where('detail', 'like', '%Hire Co%')
      .execute();
    expect(override.length).toBeGreaterThan(0);

    // The planner shows both, the autumn fair short (the summer show is short too: the
    // overbooked crate is the deck it counts on).
    await page.goto(`${server.origin}/planner?${JUNE}`);
    await expect
      .poll(() => plannerJobs(page))
      .toEqual([
        ['Summer show', true],
        ['Autumn fair', true],
      ]);
    expect(await page.getByTestId('job-short').count()).toBe(2);
    expect(await page.getByTestId('planner-range').innerText()).toBe('June 2027');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Clicking a bar opens the job.
    await page.getByRole('link', { name: /^Autumn fair/ }).click();
    await page.waitForURL(`**/manifests/${autumn.id}`);

    // Packing the crate for the summer show asks first, by the server's question.
    const label = await buildLabel(server.app, { item_id: crate.id });
    camera = await openBrowserWithCamera(
      await qrLabelPng(`${server.origin}/scan/${label.id}`, { size: 280 }),
      { viewport: { width: 375, height: 667 } },
    );
    await signIn(camera.page, staff);
    await camera.page.goto(`${server.origin}/manifests/${summer.id}`);
    await camera.page.getByRole('button', { name: 'Start packing' }).click();
    const ask = camera.page.getByRole('dialog', { name: 'Reserved for another job' });
    await expect.poll(() => ask.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await ask.innerText()).toContain('Reserved for Autumn fair from 5 Jun. Pack it anyway?');
    await ask.getByRole('button', { name: 'Pack anyway' }).click();
    await expect
      .poll(() => camera!.page.getByTestId('scan-result').getAttribute('data-kind'))
      .toBe('packed');
    const packed = await server.app.db
      .selectFrom('items')
      .select('manifest_id')
      .where('id', '=', crate.id)
      .executeTakeFirstOrThrow();
    expect(packed.manifest_id).toBe(summer.id);

    // The autumn fair's crate is now held by the summer show, and its requirement short.
    await openJob(page, autumn.id, 'Autumn fair');
    await expect
      .poll(() => page.getByTestId('reserved-item').getAttribute('data-short'))
      .toBe('true');
    expect(await page.getByTestId('reserved-item').innerText()).toContain('Summer show');
    expect(await requirementLines(page)).toEqual([
      'Stage deck: 1 required · 0 available · short 1',
    ]);
    expect(await page.getByTestId('requirement-availability').getAttribute('data-short')).toBe(
      'true',
    );

    // The crate's page lists both jobs, the next one first.
    await page.goto(`${server.origin}/items/${crate.id}`);
    await expect
      .poll(() => page.getByTestId('next-booking').innerText())
      .toBe('Next: Summer show, 3 Jun');
    expect(
      await page
        .getByTestId('booking')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.job)),
    ).toEqual(expect.arrayContaining(['Summer show', 'Autumn fair']));
  });

  it('new dates that overlap another reserved job are refused with it named, and overbooked with a note', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const riser = await buildComponent(server.app, { name: 'Riser' });
    await buildItem(server.app, { name: 'Riser 1', component_id: riser.id });
    const gala = await buildManifest(server.app, {
      name: 'July gala',
      out_date: '2027-07-03',
      due_date: '2027-07-09',
    });
    const fete = await buildManifest(server.app, {
      name: 'Late fete',
      out_date: '2027-07-20',
      due_date: '2027-07-25',
    });
    // Both count on the one riser there is; apart, both hold it.
    await buildRequirement(server.app, gala.id, riser.id, 1);
    await buildRequirement(server.app, fete.id, riser.id, 1);
    const session = await loginAs(server.app, 'staff');
    for (const job of [gala, fete]) {
      const reserved = await injectAs(server.app, session, {
        method: 'POST',
        url: `/api/inventory/manifests/${job.id}/reserve`,
        payload: {},
      });
      expect(reserved.statusCode, reserved.body).toBe(200);
    }
    await signIn(page, staff);
    await openJob(page, fete.id, 'Late fete');
    await expect.poll(() => requirementLines(page)).toEqual(['Riser: 1 required · 1 available']);

    // Moving the fete into the gala's days is refused, with the gala named.
    await page.getByRole('button', { name: /edit manifest/i }).click();
    const form = page.getByRole('dialog', { name: 'Edit manifest' });
    await form.getByLabel(/^Out date/).fill('2027-07-08');
    await form.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Already held by another job' });
    await expect.poll(() => dialog.getByTestId('overbooked').innerText()).toContain('July gala');
    const unmoved = await server.app.db
      .selectFrom('manifests')
      .select('out_date')
      .where('id', '=', fete.id)
      .executeTakeFirstOrThrow();
    expect(unmoved.out_date).toBe('2027-07-20');

    // Overbooking needs the note; with it the dates are saved and the fete shows short.
    await dialog.getByRole('button', { name: 'Overbook anyway' }).click();
    await expect.poll(() => dialog.getByText('Say why you overbook.').isVisible()).toBe(true);
    await dialog.getByLabel(/^Why overbook/).fill('Riser hired in from Stagehire');
    await dialog.getByRole('button', { name: 'Overbook anyway' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId('job-window').innerText()).toMatch(/^Short for/);
    await expect
      .poll(() => requirementLines(page))
      .toEqual(['Riser: 1 required · 0 available · short 1']);
    const moved = await server.app.db
      .selectFrom('manifests')
      .select('out_date')
      .where('id', '=', fete.id)
      .executeTakeFirstOrThrow();
    expect(moved.out_date).toBe('2027-07-08');
    const recorded = await server.app.db
      .selectFrom('activity')
      .select('detail')
      .where('detail', 'like', '%Stagehire%')
      .execute();
    expect(recorded.length).toBeGreaterThan(0);
  });

  it('"Free from … to …" on home keeps the search and the type, and leaves out what a job holds', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const held = await buildItem(server.app, { name: 'Pallet 30', status: 'Pallet' });
    await buildItem(server.app, { name: 'Pallet 31', status: 'Pallet' });
    await buildItem(server.app, { name: 'Lamp 31' });
    const job = await buildManifest(server.app, {
      name: 'Winter ball',
      out_date: '2027-12-01',
      due_date: '2027-12-03',
    });
    const session = await loginAs(server.app, 'staff');
    for (const request of [
      { url: `/api/inventory/manifests/${job.id}/reservations`, payload: { item_id: held.id } },
      { url: `/api/inventory/manifests/${job.id}/reserve`, payload: {} },
    ]) {
      const res = await injectAs(server.app, session, { method: 'POST', ...request });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    await signIn(page, staff);
    await page.goto(server.origin);
    await page.getByRole('searchbox', { name: 'Search' }).fill('pallet');
    await page.getByRole('button', { name: 'Free from … to …' }).click();
    const form = page.getByRole('form', { name: 'Free from … to …' });
    // A backwards window is refused in place, and nothing is filtered.
    await form.getByLabel('Free from').fill('2027-12-02');
    await form.getByLabel('to', { exact: true }).fill('2027-12-01');
    await form.getByRole('button', { name: 'Show free items' }).click();
    await expect
      .poll(() => form.getByText('The last day cannot be before the first.').isVisible())
      .toBe(true);
    await form.getByLabel('to', { exact: true }).fill('2027-12-05');
    await form.getByRole('button', { name: 'Show free items' }).click();
    await expect.poll(() => page.getByTestId('item-count').innerText()).toBe('1 item free 2–5 Dec');
    expect(await page.getByTestId('item-row').allInnerTexts()).toEqual([
      expect.stringContaining('Pallet 31'),
    ]);
    // The week after, the held pallet is free again.
    await page.getByRole('button', { name: /^Free/ }).click();
    await form.getByLabel('Free from').fill('2027-12-06');
    await form.getByLabel('to', { exact: true }).fill('2027-12-09');
    await form.getByRole('button', { name: 'Show free items' }).click();
    await expect
      .poll(() => page.getByTestId('item-count').innerText())
      .toBe('2 items free 6–9 Dec');
    // The type filter narrows the free items too: "pallet free 6–9 Dec" without the lamp.
    await page.getByRole('searchbox', { name: 'Search' }).fill('31');
    await expect
      .poll(() => page.getByTestId('item-count').innerText())
      .toBe('2 items free 6–9 Dec');
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('radio', { name: /Pallet$/ }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('item-count').innerText()).toBe('1 item free 6–9 Dec');
    expect(await page.getByTestId('item-row').allInnerTexts()).toEqual([
      expect.stringContaining('Pallet 31'),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lists the planner by week at 375 px, from a shared link', async () => {
    const { page } = mobile;
    await signIn(page, await buildMember(server.app, { role: 'staff' }));
    await buildManifest(server.app, {
      name: 'Spring gala',
      out_date: '2027-03-02',
      due_date: '2027-03-10',
    });
    await page.goto(`${server.origin}/planner?from=2027-03-01&to=2027-03-21`);
    await expect
      .poll(() =>
        page
          .getByTestId('planner-week')
          .evaluateAll((weeks) =>
            weeks.map((w) => [
              w.querySelector('h2')?.textContent,
              Array.from(w.querySelectorAll('[data-testid="planner-job"]')).map(
                (j) => (j as HTMLElement).dataset.job,
              ),
            ]),
          ),
      )
      .toEqual([
        ['1–7 Mar', ['Spring gala']],
        ['8–14 Mar', ['Spring gala']],
        ['15–21 Mar', []],
      ]);
    expect(await page.getByTestId('planner-timeline').count()).toBe(0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
