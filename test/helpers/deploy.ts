import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * A copy of the built web app (dist/web) that a test serves and then deploys a new release
 * over while the browser has the app open, as an operator replacing the folder would.
 */
export interface DeployedWeb {
  dir: string;
  /**
   * Releases a new version: index.html carries `<meta name="yardkeep-build" content=tag>`
   * and sw.js another version, so browsers install a new worker. Compressed copies of the
   * changed files are removed, as a new build would not have the old ones.
   */
  deploy(tag: string): void;
  remove(): void;
}

export const BUILD_META = 'yardkeep-build';

export function copyWebBuild(from = path.resolve('dist/web')): DeployedWeb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-web-'));
  fs.cpSync(from, dir, { recursive: true });
  const rewrite = (file: string, change: (text: string) => string) => {
    const full = path.join(dir, file);
    const before = fs.readFileSync(full, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`the new release left ${file} unchanged`);
    fs.writeFileSync(full, after);
    for (const ext of ['.br', '.gz']) fs.rmSync(full + ext, { force: true });
  };
  return {
    dir,
    deploy(tag) {
      rewrite('index.html', (html) =>
        html
          .replace(new RegExp(`<meta name="${BUILD_META}"[^>]*>`), '')
          .replace('<head>', `<head><meta name="${BUILD_META}" content="${tag}">`),
      );
      rewrite('sw.js', (source) =>
        source.replace(
          /^const YARDKEEP_VERSION = "([^"]*)";/m,
          (_line, version: string) => `const YARDKEEP_VERSION = "${version}-${tag}";`,
        ),
      );
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A first visit online: the service worker installs and takes the page. */
export async function openInstalled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}
