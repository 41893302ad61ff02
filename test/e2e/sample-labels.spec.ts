import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LABEL_ALPHABET } from '../../src/common/label-code.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { signIn, useBrowserSuite } from '../helpers/e2e-suite.ts';
import { decodeLabelByLabel, labelRects } from '../helpers/pdf.ts';
import { findPreset } from '../../src/common/label-presets.ts';
import { zbarDecode } from '../helpers/qr.ts';

// This machine may be busy: page loads and camera starts get more than a second.
const SLOW = { timeout: 10_000 };

const run = promisify(execFile);
// Labels carry PUBLIC_URL, never the address the page was opened from: the page is opened
// on localhost, PUBLIC_URL is the server's 127.0.0.1 origin (the same install, so the
// server's same-site check lets the page's POSTs through).
let PUBLIC_URL = '';
let PAGE_ORIGIN = '';
const CODE_RE = new RegExp(`^[${LABEL_ALPHABET}]{12}$`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-labels-'));

// One staff session for the whole file: cookies are kept between tests.
const { server, mobile: browser } = useBrowserSuite({
  desktop: false,
  clearCookies: false,
});
beforeAll(async () => {
  const staff = await buildMember(server.app, { role: 'staff' });
  PUBLIC_URL = server.origin;
  PAGE_ORIGIN = server.origin.replace('127.0.0.1', 'localhost');
  await signIn(browser.page, PAGE_ORIGIN, staff);
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function download(
  page: Page,
  button: string,
  name: string,
): Promise<{ file: string; suggested: string }> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const file = path.join(tmp, name);
  await event.saveAs(file);
  return { file, suggested: event.suggestedFilename() };
}

function parseCsv(text: string): { header: string; rows: Array<{ link: string; id: string }> } {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  return {
    header: header!,
    rows: lines.map((line) => {
      const [link, id] = line.split(',');
      return { link: link!, id: id! };
    }),
  };
}

describe('sample labels page', () => {
  let csvIds: string[] = [];

  it('defaults to 100 labels: the CSV has link,id rows of unique, well-formed codes on PUBLIC_URL', async () => {
    const { page } = browser;
    await page.goto(`${PAGE_ORIGIN}/sample-labels`);
    const total = page.getByRole('textbox', { name: /^Total/ });
    await expect.poll(() => total.inputValue(), SLOW).toBe('100');
    await expect.poll(() => page.getByTestId('label-preview').count(), SLOW).toBe(30);

    const { file, suggested } = await download(page, 'Download', 'labels.csv');
    expect(suggested).toBe('yardkeep-labels.csv');
    const { header, rows } = parseCsv(fs.readFileSync(file, 'utf8'));
    expect(header).toBe('link,id');
    expect(rows).toHaveLength(100);
    for (const { link, id } of rows) {
      expect(id).toMatch(CODE_RE);
      expect(link).toBe(`${PUBLIC_URL}/scan/${id}`);
    }
    csvIds = rows.map((r) => r.id);
    expect(new Set(csvIds).size).toBe(100);
  });

  it('previews the first 30 of the same labels as QR codes of size 300 that zbarimg reads', async () => {
    const { page } = browser;
    const previews = page.getByTestId('label-preview');
    const first = previews.first();
    expect(await first.innerText()).toContain(
      `${csvIds[0]!.slice(0, 4)}-${csvIds[0]!.slice(4, 8)}-${csvIds[0]!.slice(8)}`,
    );
    const qr = first.getByRole('img');
    expect(await qr.getAttribute('width')).toBe('300');
    const shot = path.join(tmp, 'preview.png');
    await qr.screenshot({ path: shot });
    expect(await zbarDecode(shot)).toEqual([`${PUBLIC_URL}/scan/${csvIds[0]}`]);
    const box = (await qr.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('prints the same labels on the server, on the plain A4 grid: every code scans', async () => {
    const { page } = browser;
    const { file, suggested } = await download(page, 'Download PDF', 'labels-a4.pdf');
    expect(suggested).toBe('yardkeep-labels-grid-4x5-a4.pdf');
    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+5\n/); // 4 x 5 labels a page
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    for (const id of csvIds)
      expect(text).toContain(`${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8)}`);
    const read = await decodeLabelByLabel(
      fs.readFileSync(file),
      labelRects(findPreset('grid-4x5-a4')!, csvIds.length),
    );
    expect(read).toEqual(csvIds.map((id) => [`${PUBLIC_URL}/scan/${id}`]));
  });

  it('prints on another preset chosen from the list (US Letter grid, skipping 2 labels)', async () => {
    const { page } = browser;
    await page.getByRole('combobox', { name: 'Labels', exact: true }).click();
    await page.getByRole('option', { name: /^Plain US Letter/ }).click();
    await page.getByRole('textbox', { name: /^Skip the first labels/ }).fill('2');
    const { file, suggested } = await download(page, 'Download PDF', 'labels-letter.pdf');
    expect(suggested).toBe('yardkeep-labels-grid-4x5-letter.pdf');
    expect((await run('pdfinfo', [file])).stdout).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    // Two positions skipped: the first sheet holds 18 of them, in order.
    const first = await decodeLabelByLabel(
      fs.readFileSync(file),
      labelRects(findPreset('grid-4x5-letter')!, 18, 2),
    );
    expect(first.flat()).toEqual(csvIds.slice(0, 18).map((id) => `${PUBLIC_URL}/scan/${id}`));
  });

  it('needs a total of at least 1; a smaller total gives that many labels', async () => {
    const { page } = browser;
    const total = page.getByRole('textbox', { name: /^Total/ });
    await total.fill('');
    await expect.poll(() => page.getByText('Total is required').isVisible(), SLOW).toBe(true);
    expect(await page.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(
      true,
    );
    await total.fill('0');
    await expect
      .poll(() => page.getByText(/^Total must be a whole number from 1/).isVisible(), SLOW)
      .toBe(true);
    await total.fill('3');
    await expect.poll(() => page.getByTestId('label-preview').count(), SLOW).toBe(3);
    const { file } = await download(page, 'Download', 'three.csv');
    const { rows } = parseCsv(fs.readFileSync(file, 'utf8'));
    expect(rows).toHaveLength(3);
    expect(rows.some((r) => csvIds.includes(r.id))).toBe(false);
  });
});
