import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildMember, type BuiltMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { openBrowserWithCamera } from '../helpers/camera.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { qrLabelPng } from '../helpers/qr.ts';
import { formatLabelCode } from '../../src/common/label-code.ts';
import { generateLabelCode } from '../../src/server/lib/label-codes.ts';
import { labelsRepo } from '../../src/server/modules/labels/labels.repo.ts';

// This machine may be busy: page loads and camera starts get more than a second.
const SLOW = { timeout: 10_000 };
const SCAN = { timeout: 20_000 };

// Attaching labels on the item page by scanning them with the (fake) camera. A scanned code
// goes through the same attach flow as a typed one (features/labels/attach.ts): the
// "already assigned" notice is tested once, typed, in item.spec.ts.

let server: RunningServer;
let staff: BuiltMember;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
  staff = await buildMember(server.app, { role: 'staff' });
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});
afterAll(async () => {
  await server?.close();
});

/** A staff member on the item's page, with a camera filming a QR code of `text`. */
async function itemPageFilming(
  itemId: string,
  text: string,
  viewport?: { width: number; height: number },
) {
  browser = await openBrowserWithCamera(await qrLabelPng(text), viewport ? { viewport } : {});
  const { page } = browser;
  await signIn(page, server.origin, staff);
  await page.goto(`${server.origin}/items/${itemId}`);
  await expect
    .poll(() => page.getByRole('button', { name: 'Scan a label' }).isVisible(), SLOW)
    .toBe(true);
  return page;
}

async function labelCodes(page: Page): Promise<string[]> {
  return page.getByTestId('label-code').allInnerTexts();
}

const itemOf = async (code: string) =>
  (await labelsRepo.find(server.app.db, code))?.item_id ?? null;

describe('labels on the item page, by scan', () => {
  it('scans a free label and attaches it (label id = last path segment)', async () => {
    const item = await buildItem(server.app, { name: 'Crate A' });
    const code = generateLabelCode();
    const page = await itemPageFilming(item.id, `${server.origin}/scan/${code}`, {
      width: 375,
      height: 667,
    });
    await expect.poll(() => page.getByText('No Labels').isVisible(), SLOW).toBe(true);
    await page.getByRole('button', { name: 'Scan a label' }).click();
    await expect.poll(() => labelCodes(page), SCAN).toEqual([formatLabelCode(code)]);
    expect(await page.getByRole('dialog', { name: 'Scan a QR code' }).count()).toBe(0);
    expect(await itemOf(code)).toBe(item.id);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('asks before taking a label from another item, then reassigns it', async () => {
    const here = await buildItem(server.app, { name: 'Rack here' });
    const there = await buildItem(server.app, { name: 'Rack there' });
    const code = generateLabelCode();
    await buildLabel(server.app, { id: code, item_id: there.id });
    const page = await itemPageFilming(here.id, `${server.origin}/scan/${code}`);

    // First: answer no, and nothing moves.
    await page.getByRole('button', { name: 'Scan a label' }).click();
    const question = page
      .getByRole('dialog')
      .filter({ hasText: 'The label is assigned to another item, do you still want to assign it' });
    await expect.poll(() => question.isVisible(), SCAN).toBe(true);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => question.count(), SLOW).toBe(0);
    expect(await itemOf(code)).toBe(there.id);

    // Then: yes, and it moves here.
    await page.getByRole('button', { name: 'Scan a label' }).click();
    await expect.poll(() => question.isVisible(), SCAN).toBe(true);
    await question.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => labelCodes(page), SLOW).toEqual([formatLabelCode(code)]);
    expect(await itemOf(code)).toBe(here.id);

    // The x frees it, after the spec's warning.
    await page.getByRole('button', { name: `Free label ${formatLabelCode(code)}` }).click();
    const warning = page
      .getByRole('dialog')
      .filter({ hasText: 'You can reassign this label later if you really need to.' });
    await expect.poll(() => warning.isVisible(), SLOW).toBe(true);
    await warning.getByRole('button', { name: 'Free label' }).click();
    await expect.poll(() => page.getByText('No Labels').isVisible(), SLOW).toBe(true);
    expect(await itemOf(code)).toBeNull();
  });

  it('keeps scanning past a QR code of ours that is not a label', async () => {
    const item = await buildItem(server.app, { name: 'Bin C' });
    const page = await itemPageFilming(item.id, `${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'Scan a label' }).click();
    const modal = page.getByRole('dialog', { name: 'Scan a QR code' });
    await expect
      .poll(() => modal.getByText('This QR code is not a label.').isVisible(), SCAN)
      .toBe(true);
    await modal.getByRole('button', { name: 'STOP SCANNING' }).click();
    await expect.poll(() => modal.count(), SLOW).toBe(0);
    await expect.poll(() => page.getByText('No Labels').isVisible(), SLOW).toBe(true);
  });
});
