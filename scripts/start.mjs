// npm start: build the web app if needed, then run the server (which migrates and
// creates the first admin on an empty database). With WEB_DIST naming another folder
// than dist/web, the server serves a build made elsewhere, so none is made here.
import './node-version.mjs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDist = path.resolve(process.env.WEB_DIST || path.join(root, 'dist/web'));
if (webDist === path.join(root, 'dist/web')) ensureWebBuild();
register();
await import('../src/server/main.ts');
