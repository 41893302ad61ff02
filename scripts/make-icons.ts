// Draws the app icons for the web app manifest (public/icons/*.png) from the logo's mark.
// Run once after changing the mark: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const NAVY = '#1f2a37';
const YELLOW = '#f5b301';
// The QR-like mark of public/logo.svg, in a 24-unit box.
const MARK = 'M0 0h8v8H0zM12 0h8v8h-8zM0 12h8v8H0zM12 12h3v3h-3zM17 17h3v3h-3z';

/** "any" icons: the logo's rounded navy tile. */
function tile(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="6" fill="${NAVY}"/>
  <path transform="translate(6 6)" d="${MARK}" fill="${YELLOW}"/></svg>`;
}

/** Maskable icons: full-bleed navy, the mark inside the central safe zone (40% radius). */
function maskable(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 50">
  <rect width="50" height="50" fill="${NAVY}"/>
  <path transform="translate(15 15)" d="${MARK}" fill="${YELLOW}"/></svg>`;
}

fs.mkdirSync(OUT, { recursive: true });
const jobs: [string, string, number][] = [
  ['icon-192.png', tile(), 192],
  ['icon-512.png', tile(), 512],
  ['maskable-192.png', maskable(), 192],
  ['maskable-512.png', maskable(), 512],
  ['apple-touch-icon.png', maskable(), 180],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, name));
}
console.log(`icons written to ${OUT}`);
