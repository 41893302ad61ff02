// TypeScript in a worker thread (job threads: worker-entry.mjs; SQLite reads:
// db/read-worker.mjs). Worker threads do not inherit the main thread's loader.
import module from 'node:module';
import process from 'node:process';
import { workerData } from 'node:worker_threads';

/**
 * Serves the modules the starting thread has already stripped of their types
 * (lib/thread-sources.ts), so this thread does not load Node's type stripper (13 MB); any
 * other module is stripped by Node as usual, or by tsx on a Node that cannot.
 */
export async function loadTypeScript() {
  const sources = workerData?.sources ?? {};
  if (module.registerHooks && Object.keys(sources).length > 0) {
    module.registerHooks({
      load(url, context, nextLoad) {
        const source = sources[url];
        if (source === undefined) return nextLoad(url, context);
        return { format: 'module', source, shortCircuit: true };
      },
    });
  }
  if (!process.features.typescript) (await import('tsx/esm/api')).register();
}
