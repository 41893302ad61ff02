// npm start: build the web app if needed, then run the server (which migrates and
// creates the first admin on an empty database). With WEB_DIST naming another folder
// than dist/web, the server serves a build made elsewhere, so none is made here.
//
// Node runs the server's TypeScript itself (type stripping, Node 22.18+ and 23.6+); tsx is
// loaded only on an older Node. package.json's start script caps the main thread's young
// generation. Both for memory: docs/decisions.md, "Security: memory of the server".
import './node-version.mjs';
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDist = path.resolve(process.env.WEB_DIST || path.join(root, 'dist/web'));
if (webDist === path.join(root, 'dist/web')) ensureWebBuild();
if (!process.features.typescript) (await import('tsx/esm/api')).register();
await import('../src/server/main.ts');
