import fs from 'node:fs';
import path from 'node:path';

/**
 * The web app's route patterns, read from the route table's source (src/web/app/router.tsx)
 * rather than by importing it: the table pulls in React, Mantine and every page's CSS, which
 * a Node test has no use for. It reads the table's own spellings: `path: '…'`, the first
 * argument of `leaf('…', …)`, `index: true` and `children:` (a relative path or an index
 * belongs to the last absolute path that opened children), and `listAndDetail('…', …)`,
 * a path that opens children (its detail page's relative path).
 */
export function webRoutePatterns(): string[] {
  const source = fs.readFileSync(path.resolve('src/web/app/router.tsx'), 'utf8');
  const table = source.slice(source.indexOf('const routes'));
  const patterns = new Set<string>();
  let lastAbsolute = '';
  let parent = '';
  const spellings = /(?:path:\s*|leaf\(\s*|listAndDetail\(\s*)'([^']+)'|index:\s*true|children:/g;
  for (const match of table.matchAll(spellings)) {
    const [token, written] = match;
    if (token.startsWith('listAndDetail')) {
      lastAbsolute = parent = written!;
      patterns.add(written!);
    } else if (token.startsWith('children')) {
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
