import { afterEach, describe, expect, it, vi } from 'vitest';
import { knownItem } from './queue-scan.ts';

/** The phone's copies of answers, by path, as the service worker would serve them. */
const copies: Record<string, unknown> = {
  '/api/inventory/items/CRATE': {
    id: 'CRATE',
    name: 'Crate 1',
    manifest_id: null,
    manifest_name: null,
    container_id: null,
    container_name: null,
    component_id: 'crate',
    component_name: 'Crate',
  },
  '/api/inventory/items/CRATE/components': [
    { item_id: 'CRATE', component_id: 'clamp', component_name: 'Clamp', count: 1, version: 1 },
  ],
  '/api/inventory/items/CRATE/contents?deep=true': [
    { id: 'P1', component_id: 'panel', component_name: 'Panel', container_id: 'CRATE' },
    { id: 'BAG', component_id: null, component_name: null, container_id: 'CRATE' },
    { id: 'P2', component_id: 'panel', component_name: 'Panel', container_id: 'BAG' },
  ],
  '/api/inventory/items/P2/components': [
    { item_id: 'P2', component_id: 'clamp', component_name: 'Clamp', count: 4, version: 1 },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('what a queued packing scan counts for', () => {
  it("counts a container's contents and their components, as the server does", async () => {
    // The network is mocked: these are the phone's copies, and anything else has none.
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(
        url in copies
          ? new Response(JSON.stringify(copies[url]), { status: 200 })
          : new Response('{"error":{"code":"not_found","message":"Not found"}}', { status: 404 }),
      ),
    );
    const item = await knownItem('U1', { item: 'CRATE' });
    const counts = Object.fromEntries(item!.provides.map((p) => [p.component_id, p.count]));
    expect(counts).toEqual({ crate: 1, panel: 2, clamp: 5 });
  });
});
