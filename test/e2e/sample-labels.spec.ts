import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LABEL_ALPHABET } from '../../src/common/label-code.ts';
import {
  CELL_H_MM,
  CELL_W_MM,
  sheetLayout,
  type Paper,
} from '../../src/web/features/sample-labels/pdf.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { signIn, useBrowserSuite } from '../helpers/e2e-suite.ts';
import { zbarDecode, zbarDecodeEach } from '../helpers/qr.ts';

// This machine may be busy: page loads and camera starts get more than a second.
const SLOW = { timeout: 10_000 };

const run = promisify(execFile);
// Labels carry PUBLIC_URL, never the address the page was opened from.
const PUBLIC_URL = 'http://labels.yardkeep.test';
const CODE_RE = new RegExp(`^[${LABEL_ALPHABET}]{12}$`);
const DPI = 200;
const MM = 72 / 25.4;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-labels-'));

// One staff session for the whole file: cookies are kept between tests.
const { server, mobile: browser } = useBrowserSuite({
  desktop: false,
  env: { PUBLIC_URL },
  clearCookies: false,
});
beforeAll(async () => {
  const staff = await buildMember(server.app, { role: 'staff' });
  await signIn(browser.page, server.origin, staff);
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

/** Every label of a page of the PDF, read by zbarimg from its own cell, in sheet order. */
async function readSheetPage(
  pdf: string,
  paper: Paper,
  pageNo: number,
): Promise<{ texts: string[]; qrMm: number[] }> {
  const prefix = path.join(tmp, `${paper}-${pageNo}`);
  await run('pdftoppm', [
    '-r',
    String(DPI),
    '-f',
    String(pageNo),
    '-l',
    String(pageNo),
    '-png',
    '-singlefile',
    pdf,
    prefix,
  ]);
  const { data, info } = await sharp(`${prefix}.png`)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: 1 as const } };
  const layout = sheetLayout(paper);
  const px = (pt: number) => Math.round((pt * DPI) / 72);
  const files: string[] = [];
  const qrMm: number[] = [];
  for (let i = 0; i < layout.perPage; i++) {
    const col = i % layout.columns;
    const row = Math.floor(i / layout.columns);
    // Inside the cut guides, which are not part of the label.
    const cell = {
      left: px(layout.originX + col * CELL_W_MM * MM) + 3,
      top: px(layout.originY + row * CELL_H_MM * MM) + 3,
      width: px(CELL_W_MM * MM) - 6,
      height: px(CELL_H_MM * MM) - 6,
    };
    const file = `${prefix}-cell${i}.png`;
    await sharp(data, raw).extract(cell).png().toFile(file);
    files.push(file);
    qrMm.push(darkWidthMm(data, info.width, { ...cell, height: cell.height - px(10 * MM) }));
  }
  const decoded = await zbarDecodeEach(files);
  const texts = files.flatMap((f) => decoded.get(f) ?? []);
  // Cells past the last label are empty: no code and no dark pixels.
  return { texts, qrMm: qrMm.slice(0, texts.length) };
}

/** Width of the dark pixels in a region of a greyscale page, in millimetres. */
function darkWidthMm(
  data: Buffer,
  stride: number,
  r: { left: number; top: number; width: number; height: number },
): number {
  let minX = Infinity;
  let maxX = -Infinity;
  for (let y = r.top; y < r.top + r.height; y++) {
    for (let x = r.left; x < r.left + r.width; x++) {
      if (data[y * stride + x]! < 100) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
      }
    }
  }
  return maxX < minX ? 0 : ((maxX - minX + 1) / DPI) * 25.4;
}

describe('sample labels page', () => {
  let csvIds: string[] = [];

  it('defaults to 100 labels: the CSV has link,id rows of unique, well-formed codes on PUBLIC_URL', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/sample-labels`);
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

  it('prints the same labels on A4 as a vector PDF: every code scans and is at least 30 mm wide', async () => {
    const { page } = browser;
    const { file, suggested } = await download(page, 'Download PDF', 'labels-a4.pdf');
    expect(suggested).toBe('yardkeep-labels-a4.pdf');
    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+5\n/); // 4 x 5 labels a page
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    for (const id of csvIds)
      expect(text).toContain(`${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8)}`);

    const read: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const { texts, qrMm } = await readSheetPage(file, 'a4', p);
      read.push(...texts);
      for (const mm of qrMm) expect(mm).toBeGreaterThanOrEqual(30);
    }
    expect(read).toEqual(csvIds.map((id) => `${PUBLIC_URL}/scan/${id}`));
  });

  it('prints on US Letter too', async () => {
    const { page } = browser;
    // The segmented control's radios are visually hidden; people click the label.
    await page.locator('label', { hasText: 'US Letter' }).click();
    expect(await page.getByRole('radio', { name: 'US Letter' }).isChecked()).toBe(true);
    const { file, suggested } = await download(page, 'Download PDF', 'labels-letter.pdf');
    expect(suggested).toBe('yardkeep-labels-letter.pdf');
    expect((await run('pdfinfo', [file])).stdout).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const { texts, qrMm } = await readSheetPage(file, 'letter', 1);
    expect(texts).toEqual(csvIds.slice(0, 20).map((id) => `${PUBLIC_URL}/scan/${id}`));
    for (const mm of qrMm) expect(mm).toBeGreaterThanOrEqual(30);
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
