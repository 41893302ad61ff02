// Finds Chromium for the browser tests, installing Debian's package when we can (root on
// Debian); otherwise fails with one line saying how to get it.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);

export function findChromium() {
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = fs.existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    console.log(
      "Chromium is missing: installing Debian's chromium package for the browser tests...",
    );
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    const again = findChromium();
    if (install && install.status === 0 && again) return again;
  }
  throw new Error(
    'Chromium is needed for the browser tests: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
