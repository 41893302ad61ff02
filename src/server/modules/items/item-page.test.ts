import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  loginAs,
  type Session,
  type TestApp,
} from '../../../../test/helpers/app.ts';
import { buildItem } from '../../../../test/factories/items.ts';
import { buildClient } from '../../../../test/factories/clients.ts';
import { buildComponent } from '../../../../test/factories/components.ts';
import { buildLocation } from '../../../../test/factories/locations.ts';
import { escapeHtml } from '../../lib/html.ts';
import { PAGE_DATA_ID } from './item-page.ts';
import { PREVIEW_ID } from './item-preview.ts';

let t: TestApp;
let webDist: string;
let staff: Session;

const INDEX_HTML =
  '<!doctype html><html><head><title>Yardkeep app</title>' +
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-b2.js">' +
  '</head><body><div id="root"></div></body></html>';

// A build manifest as Vite writes it: the item page imports a chunk index.html already
// preloads and one of its own.
const MANIFEST = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_shared-b2.js'] },
  '_shared-b2.js': { file: 'assets/shared-b2.js' },
  '_Table-c3.js': { file: 'assets/Table-c3.js', imports: ['_shared-b2.js'] },
  'app/pages/ItemPage.tsx': {
    file: 'assets/ItemPage-d4.js',
    isDynamicEntry: true,
    imports: ['_shared-b2.js', '_Table-c3.js'],
  },
};

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-item-page-'));
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST: webDist });
  staff = await loginAs(t.app, 'staff');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The inlined data, read the way the browser does: the element's text as JSON. */
function pageData(html: string): { item: Record<string, unknown>; me: unknown } | null {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as { item: Record<string, unknown>; me: unknown }) : null;
}

async function page(url: string, session?: Session) {
  return t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
}

describe('the item page a scanned label opens', () => {
  it('sends the plain app for an unknown item: nothing inlined, the app says it is missing', async () => {
    const res = await page('/items/nosuchitem00');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Yardkeep app');
    expect(pageData(res.body)).toBeNull();
    expect(res.body).not.toContain(PREVIEW_ID);
  });

  it('inlines the item as an anonymous visitor gets it from the API, and no user', async () => {
    const item = await buildItem(t.app, { name: 'Crate 7', note: 'Fragile' });
    const res = await page(`/items/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Cookie');
    const api = await t.app.inject({ method: 'GET', url: `/api/inventory/items/${item.id}` });
    const data = pageData(res.body);
    expect(data).toEqual({ item: api.json(), me: null });
    expect(data!.item).not.toHaveProperty('last_scanned_by_email');
  });

  it('inlines what a signed-in member gets, with the member', async () => {
    const item = await buildItem(t.app, { name: 'Pallet 3' });
    const res = await page(`/items/${item.id}`, staff);
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/items/${item.id}`,
      headers: staff.headers,
    });
    const data = pageData(res.body)!;
    expect(data.item).toEqual(api.json());
    expect(data.me).toMatchObject({ email: staff.member!.email });
  });

  it('keeps a name that closes the script element as text', async () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028';
    const item = await buildItem(t.app, { name });
    const res = await page(`/items/${item.id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2); // the entry's and ours
    expect(pageData(res.body)!.item.name).toBe(name);
  });

  it('draws the item before the app runs, from what the API shows this visitor', async () => {
    const item = await buildItem(t.app, { name: 'Crate 9', note: 'Two straps\nKeep dry' });
    await t.app.db
      .updateTable('items')
      .set({ last_scanned_by: staff.member!.id })
      .where('id', '=', item.id)
      .execute();
    const preview = (html: string) =>
      new RegExp(`<div id="${PREVIEW_ID}"[^>]*>([^]*?)</div><div id="root">`).exec(html)?.[1];

    const anonymous = preview((await page(`/items/${item.id}`)).body)!;
    expect(anonymous).toContain('<h1>Crate 9</h1>');
    expect(anonymous).toContain('<p>Two straps\nKeep dry</p>');
    expect(anonymous).toContain('<th scope="row">Last Scan</th><td>-</td>');
    // The API never shows an anonymous visitor who scanned it last, nor does the preview.
    expect(anonymous).not.toContain(staff.member!.email);

    const member = preview((await page(`/items/${item.id}`, staff)).body)!;
    expect(member).toContain(`<th scope="row">Last Scan</th><td>${staff.member!.email}</td>`);
  });

  it('escapes every value of the preview and keeps it out of reach', async () => {
    const item = await buildItem(t.app, { name: '<img src=x onerror=alert(1)>', note: '"&\'<b>' });
    const res = await page(`/items/${item.id}`);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('<h1>&#60;img src=x onerror=alert(1)&#62;</h1>');
    expect(res.body).toContain('<p>&#34;&#38;&#39;&#60;b&#62;</p>');
    // A picture of the page until the app's own page replaces it: not clickable, not read out.
    expect(res.body).toContain(
      `<div id="${PREVIEW_ID}" class="yk-preview" inert aria-hidden="true">`,
    );
  });

  it("preloads the item page's code that index.html does not name already", async () => {
    const item = await buildItem(t.app, { name: 'Tube' });
    const res = await page(`/items/${item.id}`);
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ItemPage-d4.js">',
    );
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Table-c3.js">');
    expect(res.body.match(/shared-b2\.js/g)).toHaveLength(1);
    // Everything added sits in the head, before the app's root element.
    expect(res.body.indexOf('ItemPage-d4.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  // String.replace(string, string) reads `$&`, `$\``, `$'` and `$1` in the replacement as
  // patterns: `$&` pasted a second app root into the page (a blank page for every visitor).
  it.each(['$&', '$`', "$'", '$1', '$$'])(
    'keeps %s in every field as text, with one head and one app root',
    async (pattern) => {
      const text = (field: string) => `${field} ${pattern} end`;
      const [client, location, component] = await Promise.all([
        buildClient(t.app, { name: text(`Client ${pattern.charCodeAt(1)}`) }),
        buildLocation(t.app, { name: text(`Location ${pattern.charCodeAt(1)}`) }),
        buildComponent(t.app, { name: text(`Component ${pattern.charCodeAt(1)}`) }),
      ]);
      const item = await buildItem(t.app, {
        name: text('Name'),
        note: text('Note'),
        client_id: client.id,
        location_id: location.id,
        component_id: component.id,
      });
      const { body } = await page(`/items/${item.id}`, staff);
      expect(body.match(/<div id="root">/g)).toHaveLength(1);
      expect(body.match(/<\/head>/g)).toHaveLength(1);
      expect(body.match(/<title>/g)).toHaveLength(1);
      expect(pageData(body)!.item).toMatchObject({
        name: text('Name'),
        note: text('Note'),
        client_name: client.name,
        location_name: location.name,
        component_name: component.name,
      });
      for (const shown of [
        text('Name'),
        text('Note'),
        client.name,
        location.name,
        component.name,
      ]) {
        expect(body).toContain(`>${escapeHtml(shown)}<`);
      }
    },
  );
});
