// A read worker's entry point (db/read-pool.ts): TypeScript support first, then the worker.
import { loadTypeScript } from '../lib/thread-loader.mjs';

await loadTypeScript();
await import('./read-worker.ts');
