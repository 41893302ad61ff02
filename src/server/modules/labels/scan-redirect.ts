import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeLabelCode } from '../../../common/label-code.ts';
import { sendWebApp } from '../../lib/web-app.ts';
import { labelsRepo } from './labels.repo.ts';
import { recordScan } from './labels.service.ts';
import { anonymousScanAllowed } from './scan-limit.ts';

/**
 * GET /scan/:code, the page a printed label points at (outside /api), and so what a
 * phone's own camera app opens. For an attached label the server records the scan (the
 * same `recordScan` as POST /api/inventory/scan: feed entry, and the signed-in scanner
 * becomes the item's last scanner) and redirects to the item page, so a phone lands there
 * without loading the app first. Anything else (free, unknown or malformed code) gets the
 * web app, whose scan page records the scan itself and offers the next step.
 *
 * Exactly once per scan (docs/decisions.md, "Scans"): a HEAD, a link-preview robot, a link
 * from another site and an anonymous address past its limit get the redirect without a
 * record; a prefetch gets the web app, which records the scan only if the page is really
 * shown.
 *
 * Wired from app.ts; safe to call twice (tests call it whether or not app.ts has).
 */
export function registerScanRedirect(app: FastifyInstance): void {
  const url = '/scan/:code';
  if (app.hasRoute({ method: 'GET', url })) return;
  app.get<{ Params: { code: string } }>(url, async (req, reply) => {
    const code = normalizeLabelCode(req.params.code);
    if (code && isPrefetch(req)) return sendWebApp(reply.header('cache-control', 'no-store'));
    const label = code ? await labelsRepo.find(app.db, code) : undefined;
    if (!code || !label?.item_id) return sendWebApp(reply);
    const scanned = (await isRecordedScan(app, req))
      ? await recordScan(app, code, req.user)
      : label;
    // The label may move to another item tomorrow: never let a cache keep this answer.
    return reply
      .header('cache-control', 'no-store')
      .redirect(`/items/${encodeURIComponent(scanned?.item_id ?? label.item_id)}`, 302);
  });
}

/**
 * Whether this opening is a person's scan to record. Not a HEAD or a link-preview robot;
 * not a link followed from another site (`Sec-Fetch-Site` cross-site or same-site): a page
 * elsewhere must not make a signed-in member record scans, or mark a missing item found,
 * by linking to labels. A camera app sends `none`, our own pages `same-origin`, and
 * clients without the header (older browsers, scripts) carry on as before. Anonymous
 * scans count against their address's limit (scan-limit.ts); past it, nothing is recorded.
 * Whatever the answer, the item still opens.
 */
async function isRecordedScan(app: FastifyInstance, req: FastifyRequest): Promise<boolean> {
  if (req.method !== 'GET' || isLinkPreview(req) || isFromAnotherSite(req)) return false;
  return anonymousScanAllowed(app, req.user, req.ip);
}

function isFromAnotherSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** Speculative loads the browser may never show: `Sec-Purpose` (Chromium), `Purpose`, `X-Moz`. */
function isPrefetch(req: FastifyRequest): boolean {
  const purpose = [req.headers['sec-purpose'], req.headers.purpose, req.headers['x-moz']]
    .flat()
    .join(' ')
    .toLowerCase();
  return /prefetch|prerender/.test(purpose);
}

/**
 * Chat apps and social sites fetch a pasted link to draw a preview: that is nobody
 * holding the label. They name themselves in their User-Agent.
 */
const LINK_PREVIEW_AGENTS =
  /bot\b|crawler|spider|facebookexternalhit|slack|whatsapp|telegram|discord|skypeuripreview|embedly|preview/i;

function isLinkPreview(req: FastifyRequest): boolean {
  return LINK_PREVIEW_AGENTS.test(req.headers['user-agent'] ?? '');
}
