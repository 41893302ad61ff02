import { describe, expect, it } from 'vitest';
import { errorOf, useTestApp } from '../helpers/app.ts';

const t = useTestApp();
const [staff] = t.signIn('staff');

/** NUL made PostgreSQL answer 500; the other C0 controls and DEL nobody types on purpose. */
const BAD = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb'];

async function expectRefused(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.inject(staff, { method, url, payload });
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
  expect(errorOf(res).message).toMatch(/control character/i);
}

describe('control characters in text input', () => {
  it('refuses them in client, location and component type names, creating nothing', async () => {
    for (const path of ['clients', 'locations', 'components']) {
      for (const name of BAD) {
        await expectRefused('POST', `/api/inventory/${path}`, { name });
      }
      const list = await t.inject(staff, { method: 'GET', url: `/api/inventory/${path}` });
      expect(list.json()).toEqual([]);
    }
  });

  it('refuses them in item names and notes (a note may hold line breaks and tabs)', async () => {
    const item = await t.build.item({ name: 'Before' });
    for (const bad of BAD) {
      await expectRefused('POST', '/api/inventory/items', { name: bad });
      await expectRefused('PUT', `/api/inventory/items/${item.id}`, { name: bad });
      await expectRefused('PUT', `/api/inventory/items/${item.id}`, { note: bad });
    }
    await expectRefused('PUT', `/api/inventory/items/${item.id}`, { name: 'two\nlines' });
    const read = await t.inject(staff, {
      method: 'GET',
      url: `/api/inventory/items/${item.id}`,
    });
    expect(read.json()).toMatchObject({ name: 'Before', note: null });

    const note = 'line one\r\n\tindented line two';
    const ok = await t.inject(staff, {
      method: 'PUT',
      url: `/api/inventory/items/${item.id}`,
      payload: { note },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().note).toBe(note);
  });

  it('refuses them in manifest names and notes, and in duplicates', async () => {
    const manifest = await t.build.manifest();
    for (const bad of BAD) {
      await expectRefused('POST', '/api/inventory/manifests', { name: bad });
      await expectRefused('POST', '/api/inventory/manifests', { name: 'Fine', note: bad });
      await expectRefused('POST', '/api/inventory/duplicate', { id: manifest.id, name: bad });
    }
    const ok = await t.inject(staff, {
      method: 'POST',
      url: '/api/inventory/manifests',
      payload: { name: 'Job', note: 'first\nsecond\tcolumn' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses them in the search text', async () => {
    for (const q of BAD) {
      const res = await t.inject(staff, {
        method: 'GET',
        url: `/api/inventory/items?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
    }
  });
});
