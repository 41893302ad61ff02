import fs from 'node:fs';
import path from 'node:path';

/**
 * The web app's route patterns, read from the route table's source (src/web/app/router.tsx)
 * rather than by importing it: the table pulls in React, Mantine and every page's CSS, which
 * a Node test has no use for. It reads the table's own spellings: `path: '…'`, the first
 * argument of `leaf('…', …)`, `index: true` and `children:` (a relative path or an index
 * belongs to the last absolute path that opened children).
 */
export function webRoutePatterns(): string[] {
  const source = fs.readFileSync(path.resolve('src/web/app/router.tsx'), 'utf8');
  const table = source.slice(source.indexOf('const routes'));
  const patterns = new Set<string>();
  let lastAbsolute = '';
  let parent = '';
  for (const match of table.matchAll(/(?:path:\s*|leaf\(\s*)'([^']+)'|index:\s*true|children:/g)) {
    const [token, written] = match;
    if (token.startsWith('children')) {
      parent = lastAbsolute;
    } else if (token.startsWith('index')) {
      patterns.add(parent || '/');
    } else if (written!.startsWith('/') || written === '*') {
      lastAbsolute = written === '*' ? '' : written!;
      patterns.add(written!);
    } else {
      patterns.add(`${parent}/${written}`);
    }
  }
  return [...patterns].sort();
}
