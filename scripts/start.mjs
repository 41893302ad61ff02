// npm start: build the web app if needed, then run the server (which migrates and
// creates the first admin on an empty database).
import './node-version.mjs';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
await import('../src/server/main.ts');
