import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface RunningServer {
  app: FastifyInstance;
  origin: string;
  database: TestDatabase;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The real server, serving the built web app, on a loopback port with a fresh database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const database = await createTestDatabase();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: origin,
    PORT: String(port),
    WEB_DIST: path.resolve('dist/web'),
    ...env,
  });
  const app = await buildApp(config, { database: database.handle });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    origin,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile; extra flags add e.g. a fake camera. */
export async function openBrowser(
  options: { args?: string[]; viewport?: { width: number; height: number } } = {},
): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, ...(options.args ?? [])],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    // No transitions: axe and screenshots see finished screens, not half-faded modals.
    reducedMotion: 'reduce',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * `page.goto`, for a moment when the app may be leaving the page on its own: a 401 makes it
 * load /login afresh (src/web/features/auth/session-expiry.ts), and Chromium then aborts the
 * test's navigation (net::ERR_ABORTED). The test's page is opened once the app's has begun.
 */
export async function gotoWhileAppMayLeave(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('net::ERR_ABORTED')) throw error;
      await page.waitForLoadState().catch(() => {});
    }
  }
}
