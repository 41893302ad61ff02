// A job worker's entry point (lib/worker-pool.ts): TypeScript support first, then the
// module that serves the jobs.
import { loadTypeScript } from './thread-loader.mjs';

await loadTypeScript();
const { serveJobs } = await import('./worker-jobs.ts');
await serveJobs();
