// The web app as a phone in the yard meets it, measured in Chromium against a running server:
//
//   npx tsx scripts/bench-web.ts --origin http://127.0.0.1:3000 --label ABCD12345678 --item <id>
//   npx tsx scripts/bench-web.ts --data-dir /tmp/seed [--runs 7]   (starts its own server)
//
// 1. First-load JS per route: every script a fresh browser downloads to show the route
//    (until the network is idle), counted gzip-compressed (level 9, as the build stores it).
// 2. Phone scan-to-item: a phone-sized Chromium (390x844, mobile UA, touch) with the CPU
//    slowed 4x and an empty cache opens /scan/{label} as its camera app would (a fresh
//    navigation, the server redirects to the item); the time runs from that navigation to
//    the first paint of the item's heading. Once on loopback, once over emulated 4G
//    (40 ms latency, 9 Mbit/s down, 3 Mbit/s up). Median of several runs, a fresh browser
//    profile each.
//
// `npm run bench` (scripts/bench.ts) calls benchWeb() for its web rows. Timings on a shared
// machine are noisy: compare figures from the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../test/helpers/browser.ts';

export interface BenchWebOptions {
  origin: string;
  labelCode: string;
  itemId: string;
  /** Phone runs per network profile (median reported). Default 5. */
  runs?: number;
}

export interface BenchRow {
  what: string;
  sqlite: string;
}

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
} as const;

/** 4G as the goal is stated: 40 ms round trip added, 9 Mbit/s down, 3 Mbit/s up. */
const FOUR_G = {
  offline: false,
  latency: 40,
  downloadThroughput: (9 * 1024 * 1024) / 8,
  uploadThroughput: (3 * 1024 * 1024) / 8,
};

const CPU_SLOWDOWN = 4;

async function withFreshBrowser<T>(
  phone: boolean,
  fn: (context: BrowserContext, page: Page) => Promise<T>,
): Promise<T> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    ...(phone ? PHONE : { viewport: { width: 1280, height: 800 } }),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    return await fn(context, page);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

export interface RouteWeight {
  /** gzip bytes (level 9) of every script the route loaded. */
  gzipBytes: number;
  /** Uncompressed bytes of the same scripts. */
  rawBytes: number;
  scripts: string[];
}

/**
 * The JavaScript a fresh browser downloads to show `url`: every script response until the
 * network has been idle for half a second, each body gzip-compressed here so the figure
 * does not depend on what encoding the server picked.
 */
export async function firstLoadJs(page: Page, url: string): Promise<RouteWeight> {
  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: import('playwright-core').Response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' && !response.url().endsWith('.js')) return;
    bodies.set(
      response.url(),
      response.body().catch(() => null),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    page.off('response', onResponse);
  }
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const body of await Promise.all(bodies.values())) {
    if (!body) continue;
    rawBytes += body.length;
    gzipBytes += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { gzipBytes, rawBytes, scripts: [...bodies.keys()].map((u) => new URL(u).pathname) };
}

/**
 * Runs in the page before any of its own scripts: marks the first <h1> showing the item's
 * name for the Element Timing API, whose entry says when that heading was first painted.
 * Marking it from a MutationObserver (callbacks run before the next paint) works for
 * server-sent HTML and for headings React inserts alike, so the app needs no instrumentation.
 * A string, not a function: tsx would wrap a function's inner names in helpers the page lacks.
 */
const WATCH_HEADING = `
(() => {
  const name = NAME;
  const mark = () => {
    for (const h1 of document.querySelectorAll('h1:not([elementtiming])')) {
      if (h1.textContent.trim() === name) h1.setAttribute('elementtiming', 'bench-heading');
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === 'bench-heading' && window.__headingPaintedAt === undefined) {
        window.__headingPaintedAt = performance.timeOrigin + (entry.renderTime || entry.startTime);
      }
    }
  }).observe({ type: 'element', buffered: true });
})();`;

/** One cold open of /scan/{label} on a throttled phone: ms until the item heading painted. */
async function phoneScanToItem(
  opts: BenchWebOptions,
  itemName: string,
  network: typeof FOUR_G | null,
): Promise<number> {
  return withFreshBrowser(true, async (context, page) => {
    await page.addInitScript(WATCH_HEADING.replace('NAME', () => JSON.stringify(itemName)));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    if (network) await cdp.send('Network.emulateNetworkConditions', network);
    const started = Date.now();
    await page.goto(`${opts.origin}/scan/${encodeURIComponent(opts.labelCode)}`, {
      waitUntil: 'commit',
    });
    await page.waitForFunction(
      () => (window as unknown as { __headingPaintedAt?: number }).__headingPaintedAt,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    if (!page.url().endsWith(`/items/${encodeURIComponent(opts.itemId)}`)) {
      throw new Error(`The scan landed on ${page.url()}, not on item ${opts.itemId}.`);
    }
    const painted = await page.evaluate(
      () => (window as unknown as { __headingPaintedAt: number }).__headingPaintedAt,
    );
    return painted - started;
  });
}

async function itemName(opts: BenchWebOptions): Promise<string> {
  const res = await fetch(`${opts.origin}/api/inventory/items/${encodeURIComponent(opts.itemId)}`);
  if (!res.ok) throw new Error(`Item ${opts.itemId}: the server answered ${res.status}.`);
  const item = (await res.json()) as { name?: string | null };
  return item.name?.trim() || 'Item';
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${(median / 1000).toFixed(2)} s median (${(sorted[0]! / 1000).toFixed(2)}–${(sorted.at(-1)! / 1000).toFixed(2)} s, ${sorted.length} run${sorted.length === 1 ? '' : 's'})`;
}

/** The web rows of the benchmark table; see the top of this file for what they measure. */
export async function benchWeb(opts: BenchWebOptions): Promise<BenchRow[]> {
  const runs = opts.runs ?? 5;
  const name = await itemName(opts);
  const rows: BenchRow[] = [];

  const routes: Array<[string, string]> = [
    [`/items/{id}`, `/items/${encodeURIComponent(opts.itemId)}`],
    [`/scan/{label}`, `/scan/${encodeURIComponent(opts.labelCode)}`],
    [`/login`, `/login`],
  ];
  for (const [label, route] of routes) {
    const weight = await withFreshBrowser(true, (_c, page) =>
      firstLoadJs(page, `${opts.origin}${route}`),
    );
    rows.push({
      what: `first-load JS ${label} (gzip)`,
      sqlite: `${kb(weight.gzipBytes)} in ${weight.scripts.length} files (${kb(weight.rawBytes)} raw)`,
    });
  }

  for (const [label, network] of [
    ['loopback', null],
    ['emulated 4G', FOUR_G],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await phoneScanToItem(opts, name, network));
    rows.push({
      what: `phone /scan/{label} → item heading, ${CPU_SLOWDOWN}× CPU, cold, ${label}`,
      sqlite: summary(times),
    });
  }
  return rows;
}

/** Standalone: against a running server, or a server of our own on a seeded data folder. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      origin: { type: 'string' },
      label: { type: 'string' },
      item: { type: 'string' },
      'data-dir': { type: 'string' },
      runs: { type: 'string', default: '5' },
    },
  });
  const runs = Number(values.runs);
  let close = async () => {};
  let opts: BenchWebOptions;
  if (values.origin) {
    if (!values.label || !values.item) throw new Error('--origin needs --label and --item.');
    opts = { origin: values.origin, labelCode: values.label, itemId: values.item, runs };
  } else if (values['data-dir']) {
    const own = await startOwnServer(path.resolve(values['data-dir']));
    close = own.close;
    opts = { ...own.target, runs };
  } else {
    throw new Error(
      'Usage: bench-web.ts --origin <url> --label <code> --item <id> | --data-dir <seeded folder>',
    );
  }
  try {
    console.log(`web bench on ${opts.origin}, label ${opts.labelCode} → item ${opts.itemId}`);
    const rows = await benchWeb(opts);
    const width = Math.max(...rows.map((r) => r.what.length));
    for (const row of rows) console.log(`${row.what.padEnd(width)}  ${row.sqlite}`);
  } finally {
    await close();
  }
}

/** The production server (built web app, SQLite in `dataDir`) on a free loopback port. */
async function startOwnServer(dataDir: string) {
  // @ts-expect-error plain .mjs scripts shared with npm start
  const { ensureWebBuild } = (await import('./web-build.mjs')) as {
    ensureWebBuild: (o: { quiet: boolean }) => void;
  };
  ensureWebBuild({ quiet: false });
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/connection.ts');
  const { migrateToLatest } = await import('../src/server/db/migrate.ts');
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: origin,
    PORT: String(port),
    WEB_DIST: path.resolve('dist/web'),
  });
  // As npm start does: a folder seeded by an older version gets the current schema.
  const database = openDatabase(config);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await app.listen({ port, host: '127.0.0.1' });
  const label = await app.db
    .selectFrom('labels')
    .select(['id', 'item_id'])
    .where('item_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!label?.item_id) throw new Error(`${dataDir} has no attached label: seed it first.`);
  return {
    target: { origin, labelCode: label.id, itemId: label.item_id },
    close: () => app.close(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
