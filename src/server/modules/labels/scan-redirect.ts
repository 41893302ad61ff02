import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { normalizeLabelCode } from '../../../common/label-code.ts';
import { labelsRepo } from './labels.repo.ts';

/**
 * GET /scan/:code, the page a printed label points at (outside /api). For an attached
 * label the server answers with a redirect to the item page, so a phone lands there
 * without loading the app first and asking (DECISIONS 4). Anything else (free, unknown
 * or malformed code) gets the web app, whose scan page offers the next step. The scan
 * itself is recorded by the page calling POST /api/inventory/scan, not here: a redirect
 * may be followed by link previewers and prefetchers that never scanned anything.
 *
 * Wired from app.ts; safe to call twice (tests call it whether or not app.ts has).
 */
export function registerScanRedirect(app: FastifyInstance): void {
  const url = '/scan/:code';
  if (app.hasRoute({ method: 'GET', url })) return;
  app.get<{ Params: { code: string } }>(url, async (req, reply) => {
    const code = normalizeLabelCode(req.params.code);
    const label = code ? await labelsRepo.find(app.db, code) : undefined;
    if (label?.item_id) {
      // The label may move to another item tomorrow: never let a cache keep this answer.
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/items/${encodeURIComponent(label.item_id)}`, 302);
    }
    return sendWebApp(app, reply);
  });
}

/** The same answer app.ts gives any other page URL: the built index.html, if there is one. */
function sendWebApp(app: FastifyInstance, reply: FastifyReply) {
  const built = fs.existsSync(path.join(app.config.webDist, 'index.html'));
  if (!built || typeof reply.sendFile !== 'function') {
    return reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
  }
  return reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .sendFile('index.html');
}
