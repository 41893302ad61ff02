// A read worker's entry point. Node runs the TypeScript itself when it can strip types
// (Node 22.18+, 23.6+); on an older Node tsx is loaded first (worker threads do not
// inherit the main thread's loader). docs/decisions.md, "Security: memory of the server".
import process from 'node:process';

if (!process.features.typescript) (await import('tsx/esm/api')).register();
await import('./read-worker.ts');
