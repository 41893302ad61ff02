// A read worker's entry point: TypeScript support first (worker threads do not inherit the
// main thread's loader), then the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
