import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { openBrowser, startServer, type RunningServer } from '../helpers/browser.ts';
import { firstLoadJs } from '../../scripts/bench-web.ts';

/**
 * The JavaScript a phone downloads to open a scanned label, gzip-compressed, counted by
 * loading the production build in a browser with an empty cache: the route's own chunks,
 * the app shell and anything loaded before the network goes quiet. Sizes, not timings, so
 * the check does not depend on how busy the machine is. The goal is 150 KB; the pages are at
 * ~142 KB (react-dom alone ~62 KB of it), so the budget sits just above that to catch
 * growth. Lower it as pages get lighter; raise it (up to the goal) only with a reason in
 * docs/decisions.md ("Fast on a phone").
 */
const ITEM_ROUTE_BUDGET_KB = 145;

let server: RunningServer;
let itemId: string;
let labelCode: string;

beforeAll(async () => {
  server = await startServer();
  const item = await buildItem(server.app, { name: 'Crate 12', note: 'Budget check' });
  itemId = item.id;
  labelCode = (await buildLabel(server.app, { item_id: item.id })).id;
});
afterAll(async () => {
  await server?.close();
});

async function weigh(path: string) {
  const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
  try {
    const weight = await firstLoadJs(browser.page, `${server.origin}${path}`);
    // The page really is the item page, not an error screen that happens to be light.
    await browser.page.getByRole('heading', { level: 1, name: 'Crate 12' }).waitFor();
    return weight;
  } finally {
    await browser.close();
  }
}

describe('first-load JavaScript of the pages a scanned label opens', () => {
  it(`keeps /items/{id} within ${ITEM_ROUTE_BUDGET_KB} KB gzip`, async () => {
    const weight = await weigh(`/items/${itemId}`);
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(
      weight.gzipBytes / 1024,
      `loaded ${weight.scripts.join(', ')} (${(weight.gzipBytes / 1024).toFixed(1)} KB gzip)`,
    ).toBeLessThanOrEqual(ITEM_ROUTE_BUDGET_KB);
  });

  it(`keeps /scan/{label} (redirected to the item) within ${ITEM_ROUTE_BUDGET_KB} KB gzip`, async () => {
    const weight = await weigh(`/scan/${labelCode}`);
    expect(
      weight.gzipBytes / 1024,
      `loaded ${weight.scripts.join(', ')} (${(weight.gzipBytes / 1024).toFixed(1)} KB gzip)`,
    ).toBeLessThanOrEqual(ITEM_ROUTE_BUDGET_KB);
  });
});
