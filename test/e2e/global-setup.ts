// Before the browser tests: Chromium present and the web app built from current sources.
// @ts-expect-error plain .mjs scripts shared with npm start
import { ensureChromium } from '../../scripts/chromium.mjs';
// @ts-expect-error plain .mjs scripts shared with npm start
import { ensureWebBuild } from '../../scripts/web-build.mjs';

export default function setup(): void {
  process.env.CHROMIUM_PATH = (ensureChromium as () => string)();
  (ensureWebBuild as (o: { quiet: boolean }) => void)({ quiet: true });
}
