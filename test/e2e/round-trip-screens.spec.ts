import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildClient } from '../factories/clients.ts';
import { buildItem } from '../factories/items.ts';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { buildOutJob } from '../factories/round-trip.ts';
import { updateManifest } from '../../src/server/modules/manifests/manifests.service.ts';
import { closeJob, returnItem } from '../../src/server/modules/round-trip/round-trip.service.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

// The round trip's screens outside the scanner: the item and manifest form fields, the
// Contents section, dispatch and close on the manifest page, /out, "Needs attention".

const { server, desktop, signIn } = useBrowserSuite({ mobile: false });

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

async function readItem(page: Page, id: string) {
  const answer = await page.request.get(`${server.origin}/api/inventory/items/${id}`);
  return (await answer.json()) as { container_id: string | null; condition: string };
}

describe('round-trip fields in the forms', () => {
  it('puts an item in a crate (crates offered first, others found by typing) and marks it damaged', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, { name: 'Crate 0321', status: 'Crate' });
    const bag = await buildItem(server.app, { name: 'Tool bag' });
    const item = await buildItem(server.app, { name: 'Spot lamp' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => heading(page)).toBe('Spot lamp');

    await page.getByRole('button', { name: 'edit item' }).click();
    const form = dialog(page, 'Edit item');
    await form.getByRole('combobox', { name: /^Inside/ }).click();
    await expect
      .poll(() => page.getByRole('option', { name: 'Crate 0321' }).isVisible())
      .toBe(true);
    // A plain item is not listed up front, but typing finds it.
    expect(await page.getByRole('option', { name: 'Tool bag' }).count()).toBe(0);
    await form.getByRole('combobox', { name: /^Inside/ }).fill('Tool');
    await page.getByRole('option', { name: 'Tool bag' }).click();
    await form.getByRole('combobox', { name: /^Condition/ }).click();
    await page.getByRole('option', { name: 'Damaged' }).click();
    await form.getByLabel(/^Condition note/).fill('Cracked lens');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(async () => (await readItem(page, item.id)).container_id).toBe(bag.id);
    expect((await readItem(page, item.id)).condition).toBe('damaged');
    await expect.poll(() => page.getByTestId('container-trail').innerText()).toContain('Tool bag');
    expect(await page.getByTestId('item-where-now').innerText()).toContain('Cracked lens');

    // Into the crate instead: the chosen container is shown when the form opens again.
    await page.getByRole('button', { name: 'edit item' }).click();
    await expect
      .poll(() => form.getByRole('combobox', { name: /^Inside/ }).inputValue())
      .toBe('Tool bag');
    await form.getByRole('combobox', { name: /^Inside/ }).click();
    await page.getByRole('option', { name: 'Crate 0321' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await readItem(page, item.id)).container_id).toBe(crate.id);
  });

  it('edits the out and due dates of a manifest; due before out is refused in the form', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const manifest = await buildManifest(server.app, { name: 'Summer show' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    await expect.poll(() => heading(page)).toBe('Summer show');
    await page.getByRole('button', { name: /edit manifest/i }).click();
    const form = dialog(page, 'Edit manifest');
    await form.getByLabel(/^Out date/).fill('2026-07-10');
    await form.getByLabel(/^Due back/).fill('2026-07-01');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => form.getByText('The due date cannot be before the out date.').isVisible())
      .toBe(true);
    await form.getByLabel(/^Due back/).fill('2026-07-20');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const saved = await page.request.get(`${server.origin}/api/inventory/manifests/${manifest.id}`);
    expect(await saved.json()).toMatchObject({ out_date: '2026-07-10', due_date: '2026-07-20' });
  });
});

describe('the Contents section of an item', () => {
  it('counts and lists what is inside, and takes an item out after asking', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, { name: 'Crate 0321', status: 'Crate' });
    const bag = await buildItem(server.app, { name: 'Cable bag', container_id: crate.id });
    await buildItem(server.app, { name: 'XLR cable', container_id: bag.id });
    const lamp = await buildItem(server.app, { name: 'Fresnel lamp', container_id: crate.id });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${crate.id}`);
    const section = page.getByRole('region', { name: 'Contents' });
    await expect
      .poll(() => section.getByTestId('contents-count').innerText())
      .toBe('2 items inside, 3 in all');
    expect(await section.getByTestId('contents-item').allInnerTexts()).toEqual([
      expect.stringMatching(/^Cable bag \+ 1 inside/),
      expect.stringMatching(/^Fresnel lamp/),
    ]);

    // Cancel changes nothing; yes takes it out.
    await section.getByRole('button', { name: 'Take out Fresnel lamp' }).click();
    await dialog(page, 'Take Fresnel lamp out?').getByRole('button', { name: 'Cancel' }).click();
    expect((await readItem(page, lamp.id)).container_id).toBe(crate.id);
    await section.getByRole('button', { name: 'Take out Fresnel lamp' }).click();
    await dialog(page, 'Take Fresnel lamp out?').getByRole('button', { name: 'Take out' }).click();
    await expect
      .poll(() => section.getByTestId('contents-count').innerText())
      .toBe('1 item inside, 2 in all');
    expect((await readItem(page, lamp.id)).container_id).toBeNull();

    // The contents are links.
    await section.getByRole('link', { name: 'Cable bag' }).click();
    await expect.poll(() => heading(page)).toBe('Cable bag');
    await expect
      .poll(() => page.getByTestId('container-trail').innerText())
      .toContain('Crate 0321');
  });

  it('is read-only for a client user, and absent where nothing is inside', async () => {
    const { page } = desktop;
    const clientUser = await buildMember(server.app, { role: 'client' });
    const own = clientUser.client_id!;
    const crate = await buildItem(server.app, { name: 'Client crate', client_id: own });
    await buildItem(server.app, { name: 'Client lamp', client_id: own, container_id: crate.id });
    await signIn(page, clientUser);
    await page.goto(`${server.origin}/items/${crate.id}`);
    const section = page.getByRole('region', { name: 'Contents' });
    await expect
      .poll(() => section.getByTestId('contents-count').innerText())
      .toBe('1 item inside');
    expect(await section.getByRole('button', { name: /^Take out/ }).count()).toBe(0);

    const empty = await buildItem(server.app, { name: 'Lone chair', client_id: own });
    await page.goto(`${server.origin}/items/${empty.id}`);
    await expect.poll(() => heading(page)).toBe('Lone chair');
    await expect.poll(() => page.getByRole('heading', { name: 'Components' }).count()).toBe(1);
    // Decided once the contents are known (nothing shown while they are asked): let the
    // page's reads finish first.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Contents' }).count()).toBe(0);
  });
});

describe('dispatch, returns and close on the manifest page', () => {
  it('refuses to dispatch an empty job, dispatches a crate with its contents, follows the returns and closes', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const manifest = await buildManifest(server.app, { name: 'Harbour festival' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    const job = page.getByRole('region', { name: /Round trip/ });
    await expect.poll(() => job.getByTestId('job-stage').textContent()).toBe('Planning');

    await job.getByRole('button', { name: 'Dispatch' }).click();
    const refused = dialog(page, 'Not dispatched');
    await expect.poll(() => refused.innerText()).toContain('Nothing is allocated to this job yet.');
    await refused.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => job.getByTestId('job-stage').textContent()).toBe('Planning');

    const crate = await buildItem(server.app, { name: 'Crate 0400', manifest_id: manifest.id });
    const items = [];
    for (const name of ['Spot 1', 'Spot 2', 'Spot 3']) {
      items.push(await buildItem(server.app, { name, container_id: crate.id }));
    }
    await job.getByRole('button', { name: 'Dispatch' }).click();
    await expect.poll(() => job.getByTestId('job-stage').textContent()).toBe('Out');
    await expect.poll(() => job.getByTestId('still-out').innerText()).toBe('4 of 4 still out');

    // Two come back on another phone (one damaged): the page follows without a reload.
    await returnItem(
      server.app,
      manifest.id,
      { item_id: items[0]!.id, condition: 'ok', note: null },
      staff,
    );
    await returnItem(
      server.app,
      manifest.id,
      { item_id: items[1]!.id, condition: 'damaged', note: 'Bent yoke' },
      staff,
    );
    await expect
      .poll(() => job.getByTestId('still-out').innerText(), { timeout: 15_000 })
      .toBe('2 of 4 still out');
    expect(await job.getByTestId('returns-returned').innerText()).toContain('Spot 1');
    expect(await job.getByTestId('returns-damaged').innerText()).toContain('Spot 2 — Bent yoke');

    await job.getByRole('button', { name: 'Close job' }).click();
    const sure = dialog(page, 'Close this job?');
    await expect.poll(() => sure.innerText()).toContain('Items still out are marked missing');
    await sure.getByRole('button', { name: 'Close job' }).click();
    await expect.poll(() => job.getByTestId('job-stage').textContent()).toBe('Closed');
    await expect.poll(() => job.getByTestId('still-out').innerText()).toBe('0 of 4 still out');
    const missing = await job.getByTestId('returns-missing').innerText();
    expect(missing).toContain('Crate 0400');
    expect(missing).toContain('Spot 3');
    expect(await readItem(page, items[2]!.id)).toMatchObject({ condition: 'missing' });
    expect(await job.getByRole('button', { name: /Dispatch|Close job/ }).count()).toBe(0);
  });
});

describe('a job page offers only what the server accepts', () => {
  it("an out job's page has no Take off, no Delete manifest and no Dispatch; a planned one has them", async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const { manifest } = await buildOutJob(server.app, [{ name: 'Deck A' }, { name: 'Deck B' }]);
    await signIn(page, staff);
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    const job = page.getByRole('region', { name: /Round trip/ });
    await expect.poll(() => job.getByTestId('job-stage').textContent()).toBe('Out');
    await expect.poll(() => page.getByTestId('packed-item').count()).toBe(2);
    expect(await page.getByRole('button', { name: /^Take off/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete manifest' }).count()).toBe(0);
    expect(await job.getByRole('button', { name: 'Dispatch' }).count()).toBe(0);
    // What the server accepts on an out job is still there.
    expect(await job.getByRole('button', { name: 'Close job' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Return by scanning' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Edit manifest' }).count()).toBe(1);

    const planned = await buildManifest(server.app, { name: 'Planned show' });
    await buildItem(server.app, { name: 'Deck C', manifest_id: planned.id });
    await page.goto(`${server.origin}/manifests/${planned.id}`);
    await expect.poll(() => page.getByTestId('packed-item').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Take off Deck C' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete manifest' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Start packing' }).count()).toBe(1);
  });
});

describe('the /out page', () => {
  it('lists the jobs out, the overdue one first and marked, from the header link', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const client = await buildClient(server.app, { name: 'Harbour Board' });
    const onTime = await buildOutJob(server.app, [{}, {}]);
    const late = await buildOutJob(server.app, [{}, {}, {}]);
    await updateManifest(
      server.app,
      onTime.manifest.id,
      { name: 'Summer show', due_date: '2999-01-01' },
      null,
    );
    await updateManifest(
      server.app,
      late.manifest.id,
      { name: 'Winter fair', out_date: '2020-01-02', due_date: '2020-01-10', client_id: client.id },
      null,
    );
    await returnItem(
      server.app,
      late.manifest.id,
      { item_id: late.items[0]!.id, condition: 'ok', note: null },
      staff,
    );
    const closed = await buildOutJob(server.app);
    await closeJob(server.app, closed.manifest.id, closed.actor);

    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    await page.getByRole('link', { name: 'Out', exact: true }).click();
    await expect.poll(() => heading(page)).toBe('Out on jobs');
    const rows = page.getByTestId('jobs-out').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const texts = await rows.allInnerTexts();
    const lateAt = texts.findIndex((t) => t.includes('Winter fair'));
    const onTimeAt = texts.findIndex((t) => t.includes('Summer show'));
    expect(lateAt).toBeGreaterThanOrEqual(0);
    expect(lateAt).toBeLessThan(onTimeAt);
    expect(texts[lateAt]).toMatch(/Overdue/i);
    expect(texts[lateAt]).toContain('Harbour Board');
    expect(texts[lateAt]).toContain('2 of 3 still out');
    expect(texts[onTimeAt]).not.toMatch(/Overdue/i);
    expect(texts.some((t) => t.includes(closed.manifest.name))).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await rows.nth(lateAt).getByRole('link', { name: 'Winter fair' }).click();
    await expect.poll(() => heading(page)).toBe('Winter fair');
    await expect.poll(() => page.getByTestId('job-overdue').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("shows a client user their own client's jobs only, read-only, without a header link", async () => {
    const { page } = desktop;
    const clientUser = await buildMember(server.app, { role: 'client' });
    const theirs = await buildOutJob(server.app, [{ client_id: clientUser.client_id! }]);
    await updateManifest(
      server.app,
      theirs.manifest.id,
      { name: 'Their gala', client_id: clientUser.client_id! },
      null,
    );
    await buildOutJob(server.app);
    await signIn(page, clientUser);
    await page.goto(`${server.origin}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Out', exact: true }).count()).toBe(0);
    await page.goto(`${server.origin}/out`);
    const rows = page.getByTestId('jobs-out').locator('tbody tr');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Their gala')]);
    await rows.getByRole('link', { name: 'Their gala' }).click();
    const job = page.getByRole('region', { name: /Round trip/ });
    await expect.poll(() => job.getByTestId('still-out').innerText()).toBe('1 of 1 still out');
    expect(await job.getByRole('button').count()).toBe(0);
  });
});

describe('"Needs attention" on home', () => {
  it('keeps only damaged and missing items, with the search', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await buildItem(server.app, { name: 'Numbat rope', condition: 'damaged' });
    await buildItem(server.app, { name: 'Numbat ladder', condition: 'missing' });
    await buildItem(server.app, { name: 'Numbat hook' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('numbat');
    const rows = page.getByTestId('item-row');
    await expect.poll(() => page.getByTestId('item-count').innerText()).toBe('3 items');
    const toggle = page.getByRole('button', { name: 'Needs attention' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('item-count').innerText()).toBe('2 items');
    await expect.poll(() => rows.count()).toBe(2);
    const shown = (await rows.allInnerTexts()).join(' ');
    expect(shown).toMatch(/Numbat ladder[\s\S]*Missing/i);
    expect(shown).not.toContain('Numbat hook');
    await toggle.click();
    await expect.poll(() => page.getByTestId('item-count').innerText()).toBe('3 items');
  });
});
