import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

const SOURCE = path.resolve(
  import.meta.dirname,
  '../../src/web/features/offline/service-worker.ts',
);
/** Public files not worth precaching. */
const SKIPPED = /\.(map|br|gz)$|^sw\.js$|^\.vite\//;

/**
 * Emits dist/web/sw.js: the service worker source (TypeScript, no imports) compiled, with the
 * list of every file of this build to precache and a version that changes with any of them,
 * so a deploy always installs a new worker. Hand-written rather than Workbox: the app needs
 * per-member API caches and an update that waits for the user, which would be custom code
 * on top of Workbox anyway (docs/decisions.md).
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'yardkeep-service-worker',
    apply: 'build',
    // After Vite's own HTML plugin, so index.html is in the bundle with its hashed links.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((file) => !SKIPPED.test(file));
      const pub = publicDir && fs.existsSync(publicDir) ? listFiles(publicDir) : [];
      const files = [
        ...new Set(['index.html', ...built, ...pub.filter((f) => !SKIPPED.test(f))]),
      ].sort();
      const urls = files.map((file) => `/${file}`);
      const source = fs.readFileSync(SOURCE, 'utf8');
      const hash = createHash('sha256').update(source);
      for (const file of files) {
        const item = bundle[file];
        hash.update(file);
        if (item?.type === 'asset' && file === 'index.html') hash.update(String(item.source));
      }
      const version = hash.digest('hex').slice(0, 16);
      const compiled = ts
        .transpileModule(source, {
          compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
        })
        .outputText.replace(/^export \{\};\s*$/m, '');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source:
          `const YARDKEEP_VERSION = ${JSON.stringify(version)};\n` +
          `const YARDKEEP_PRECACHE = ${JSON.stringify(urls)};\n${compiled}`,
      });
    },
  };
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}
