// A job worker's entry point (lib/worker-pool.ts): TypeScript support first (worker threads
// do not inherit the main thread's loader), then the module that serves the jobs.
import { register } from 'tsx/esm/api';

register();
const { serveJobs } = await import('./worker-jobs.ts');
await serveJobs();
