import fs from 'node:fs';
import module from 'node:module';

/**
 * The JavaScript of a worker thread's TypeScript modules, stripped of their types here, on
 * the thread that starts it, where Node's type stripper is already loaded. A thread that
 * strips its own modules loads the stripper too: 13 MB a thread (docs/decisions.md,
 * "Security: memory of the server"). The thread's entry (worker-entry.mjs, read-worker.mjs)
 * serves these through a module hook; any module not here is loaded the usual way.
 *
 * The modules are found by following the relative imports of the stripped code from
 * `roots`, once per process. Empty where Node cannot strip types itself (then tsx does).
 */
export function threadSources(roots: URL[]): Record<string, string> {
  const strip = (module as { stripTypeScriptTypes?: (code: string) => string })
    .stripTypeScriptTypes;
  if (!strip || !process.features.typescript) return {};
  const sources: Record<string, string> = {};
  const pending = roots.map((root) => root.href);
  while (pending.length > 0) {
    const href = pending.pop()!;
    if (href in sources || !href.endsWith('.ts')) continue;
    const js = (cache[href] ??= strip(fs.readFileSync(new URL(href), 'utf8')));
    sources[href] = js;
    for (const [, specifier] of js.matchAll(RELATIVE_IMPORT)) {
      pending.push(new URL(specifier!, href).href);
    }
  }
  return sources;
}

/** `from './x.ts'`, `import './x.ts'`, `import('./x.ts')`, `new URL('./x.ts', …)`. */
const RELATIVE_IMPORT = /(?:from|import|URL)\s*\(?\s*['"](\.\.?\/[^'"\n]+\.ts)['"]/g;

const cache: Record<string, string> = {};
