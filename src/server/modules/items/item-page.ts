import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authApi } from '../../../common/api/auth.ts';
import { buildPath } from '../../../common/api/contract.ts';
import { itemsApi } from '../../../common/api/items.ts';
import type { PublicItem } from '../../../common/schemas/item.ts';
import { renderItemPreview } from './item-preview.ts';

/** The id of the inline data element; src/web/app/page-data.ts reads it. */
export const PAGE_DATA_ID = 'yardkeep-page-data';

/**
 * GET /items/:id, the page a scanned label lands on (the /scan redirect goes here). It is
 * the web app's index.html, as for every page, plus what that page asks for first: the
 * item and the current user, inlined as JSON exactly as the API answers this visitor,
 * preload hints for the item page's code, and a plain-HTML preview of the page drawn from
 * that same answer (item-preview.ts). A phone shows the item as soon as the HTML and the
 * stylesheet arrive, and the app takes over with no API round trip once its code runs
 * (docs/decisions.md, "Fast on a phone").
 *
 * The data comes from the API routes themselves (an in-process request with the visitor's
 * cookie), so access rules and response filtering are the API's, never a second copy.
 * It sits in a non-executable `<script type="application/json">` (the CSP stays strict)
 * with `<` escaped, so no item name can close the element. Without a build, or for an
 * item the visitor cannot read, the plain index.html goes out and the app asks as usual.
 */
export function registerItemPage(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>('/items/:id', async (req, reply) => {
    const html = await readIndexHtml(app.config.webDist);
    if (html === null) return reply.callNotFound();
    const [item, me] = await Promise.all([
      apiAnswer(app, req, buildPath(itemsApi.read.path, { id: req.params.id })),
      apiAnswer(app, req, buildPath(authApi.me.path, {})),
    ]);
    let head = '';
    let preview = '';
    // Only answers the app would take as they are: the item, and the user or "not signed in".
    if (item.status === 200 && (me.status === 200 || me.status === 401)) {
      head += inlineJson(PAGE_DATA_ID, {
        item: item.body,
        me: me.status === 200 ? me.body : null,
      });
      preview = renderItemPreview(item.body as PublicItem);
    }
    head += await preloadHints(app.config.webDist, html, 'app/pages/ItemPage.tsx');
    return (
      reply
        .header('Cache-Control', 'no-cache')
        // The inlined user and what they may see depend on the session cookie.
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        // The preview goes before the app's root, which React empties when it first renders.
        .send(insertBefore(insertBefore(html, '</head>', head), '<div id="root">', preview))
    );
  });
}

/**
 * `addition` spliced in before the first `marker`, by position. Never String.replace with a
 * string: it reads `$&`, `$\``, `$'` in the replacement as patterns, so an item named
 * `$&` pasted a second app root into the page and blanked it (docs/decisions.md, Security).
 */
export function insertBefore(html: string, marker: string, addition: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + addition + html.slice(at);
}

async function apiAnswer(
  app: FastifyInstance,
  req: FastifyRequest,
  apiPath: string,
): Promise<{ status: number; body: unknown }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api${apiPath}`,
    headers: req.headers.cookie ? { cookie: req.headers.cookie } : {},
  });
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
}

/**
 * JSON inside a script element: `<` (and the line separators JavaScript once treated as
 * newlines) as unicode escapes, so `</script>` or `<!--` in a name stays text.
 */
export function inlineJson(id: string, data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

async function readIndexHtml(webDist: string): Promise<string | null> {
  try {
    return await fs.readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link rel="modulepreload">` for a lazily loaded page's chunk and the chunks it imports
 * (from Vite's build manifest), minus those index.html already names: the browser fetches
 * them alongside the entry instead of after it has run.
 */
async function preloadHints(webDist: string, html: string, page: string): Promise<string> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      await fs.readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return '';
  }
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(page);
  const links = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const sheets = [...css]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  return [...links, ...sheets].join('');
}
