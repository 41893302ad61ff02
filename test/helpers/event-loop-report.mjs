// Loaded with --import into a server process (BLOCKING_REPORT_ENV in event-loop-block.ts).
// Worker threads load preloads too: they must not load TypeScript for it (13 MB a thread
// of type stripper, which the server's own threads no longer load), so only the main
// thread imports the watcher.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) await import('./event-loop-block.ts');
