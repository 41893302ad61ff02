import { describe, expect, it } from 'vitest';
import { buildComponent } from '../factories/components.ts';
import { buildInspectionKind } from '../factories/inspections.ts';
import { buildItem } from '../factories/items.ts';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { pdfBytes } from '../helpers/multipart.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

// An inspection round as the crew does it: a failed PAT test recorded on the item page with
// its PDF certificate, then the job it is on refuses dispatch until staff override with a note.

const { server, desktop, signIn } = useBrowserSuite({ mobile: false });

describe('inspections in the browser', () => {
  it('records a failed inspection with a PDF certificate; dispatch is refused, then overridden with a note', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const cable = await buildComponent(server.app, { name: 'Power cable' });
    await buildInspectionKind(server.app, {
      component_id: cable.id,
      name: 'PAT test',
      interval_days: 365,
    });
    const job = await buildManifest(server.app, { name: 'Summer show' });
    const lead = await buildItem(server.app, {
      name: 'Kettle lead 4',
      component_id: cable.id,
      manifest_id: job.id,
    });
    await signIn(page, staff);

    await page.goto(`${server.origin}/items/${lead.id}`);
    await expect
      .poll(() => page.getByTestId('inspection-next-due').innerText())
      .toContain('Never done: due now');
    await page.getByRole('button', { name: 'Record inspection' }).click();
    const form = page.getByRole('form', { name: 'Record inspection' });
    await form.getByRole('radio', { name: 'Failed' }).check();
    await form.getByLabel(/^Note/).fill('Earth continuity fail');
    const certificate = pdfBytes('PAT certificate 4471');
    await form.locator('input[type=file]').setInputFiles({
      name: 'pat-4471.pdf',
      mimeType: 'application/pdf',
      buffer: certificate,
    });
    await form.getByRole('button', { name: 'Save inspection' }).click();

    const row = page.getByTestId('inspection-row');
    await expect.poll(() => row.innerText()).toContain('PAT test FAILED');
    expect(await row.innerText()).toContain('Earth continuity fail');
    // The certificate is the PDF that was sent, read back through the API.
    const href = await row.getByRole('link', { name: 'pat-4471.pdf' }).getAttribute('href');
    const file = await page.request.get(`${server.origin}${href}`);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await file.body()).equals(certificate)).toBe(true);
    // The failure marked the item damaged, with the note.
    await expect
      .poll(() => page.getByTestId('item-where-now').innerText())
      .toContain('Earth continuity fail');

    await page.goto(`${server.origin}/manifests/${job.id}`);
    await expect
      .poll(() => page.getByTestId('job-inspections').innerText())
      .toContain('PAT test failed on');
    await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
    const refused = page.getByTestId('dispatch-refused');
    await expect.poll(() => refused.innerText()).toContain('Kettle lead 4 failed its PAT test');
    expect((await page.getByTestId('job-stage').textContent())?.trim()).toBe('Planning');

    await refused.getByLabel(/^Why dispatch anyway/).fill('Spare lead tested on site');
    await refused.getByRole('button', { name: 'Dispatch anyway' }).click();
    await expect
      .poll(async () => (await page.getByTestId('job-stage').textContent())?.trim())
      .toBe('Out');

    const override = await server.app.db
      .selectFrom('activity')
      .select(['detail', 'email'])
      .where('source_id', '=', job.id)
      .where('action', '=', 'OVERRIDE')
      .executeTakeFirstOrThrow();
    expect(override.email).toBe(staff.email);
    expect(override.detail).toContain('Kettle lead 4 failed its PAT test');
    expect(override.detail).toContain('— Spare lead tested on site');
  });
});
