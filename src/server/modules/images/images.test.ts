import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { LONG_AGO } from '../../../../test/factories/items.ts';
import { isStored } from '../../lib/storage.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const imageRows = (itemId: string) =>
  t.app.db.selectFrom('images').selectAll().where('item_id', '=', itemId).execute();
const itemRow = (id: string) => t.row('items', id);
const imageActivity = (imageId: string) =>
  t.app.db
    .selectFrom('activity')
    .selectAll()
    .where('type', '=', 'IMAGE')
    .where('source_id', '=', imageId)
    .orderBy('seq')
    .execute();
const fileExists = (src: string) => isStored(t.app.storage, src.replace(/^\/uploads\//, ''));

const create = (session: Session, itemId: string, payload: object) =>
  t.inject(session, {
    method: 'POST',
    url: `/api/inventory/items/${itemId}/images`,
    payload,
  });

describe('POST /api/inventory/items/:id/images', () => {
  it('is 401 for anonymous visitors and 403 for client users, adding nothing', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const upload = await t.build.upload();
    expect((await create(anonymous, item.id, { src: upload.url })).statusCode).toBe(401);
    expect((await create(client, item.id, { src: upload.url })).statusCode).toBe(403);
    expect(await imageRows(item.id)).toEqual([]);
    expect((await itemRow(item.id)).updated_at).toBe(LONG_AGO);
  });

  it('refuses bad fields with 400', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const upload = await t.build.upload();
    for (const payload of [
      {},
      { src: '' },
      { src: 42 },
      { src: upload.url, width: 0 },
      { src: upload.url, height: -5 },
      { src: upload.url, width: 1.5 },
      { src: upload.url, width: '100' },
      { src: upload.url, item_id: 'other' },
      { src: upload.url, id: 'chosen-by-client' },
    ]) {
      const res = await create(staff, item.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toBeTruthy();
    }
    expect(await imageRows(item.id)).toEqual([]);
  });

  it('refuses a src that is not a file uploaded here', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const upload = await t.build.upload();
    for (const src of [
      'https://evil.example/cat.jpg',
      '//evil.example/uploads/0123456789abcdef01234567.jpg',
      '/uploads/0123456789abcdef01234567.jpg', // well formed, never uploaded
      '/uploads/../yardkeep.sqlite',
      `/uploads/${upload.key}?x=1`,
      `/uploads/${upload.key.replace('.png', '.svg')}`,
      'javascript:alert(1)',
    ]) {
      const res = await create(staff, item.id, { src });
      expect(res.statusCode, src).toBe(400);
      expect(errorOf(res).code).toBe('unknown_upload');
    }
    const thumb = await create(staff, item.id, {
      src: upload.url,
      thumbnail_src: 'https://evil.example/t.webp',
    });
    expect(thumb.statusCode).toBe(400);
    expect(errorOf(thumb).message).toContain('thumbnail_src');
    expect(await imageRows(item.id)).toEqual([]);
  });

  it('is 404 for an unknown item', async () => {
    const upload = await t.build.upload();
    const res = await create(staff, 'nosuchitem', { src: upload.url });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Item not found.');
  });

  it('adds an image 100 by 100 by default, touching the item and recording it', async () => {
    const item = await t.build.item({ name: 'Stage panel', updated_at: LONG_AGO });
    const upload = await t.build.upload();
    const res = await create(staff, item.id, { src: upload.url });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toEqual({
      id: expect.any(String),
      item_id: item.id,
      src: upload.url,
      thumbnail_src: null,
      width: 100,
      height: 100,
      updated_at: expect.any(String),
    });
    expect((await itemRow(item.id)).updated_at).toBe(image.updated_at);
    expect(await imageActivity(image.id)).toMatchObject([
      {
        action: 'CREATE',
        email: staff.member!.email,
        ref_id: image.id,
        ref_item_id: item.id,
        ref_src: upload.url,
        ref_name: 'Stage panel',
      },
    ]);
  });

  it('keeps the given size and thumbnail', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const upload = await t.build.upload();
    const res = await create(staff, item.id, {
      src: upload.url,
      thumbnail_src: upload.thumbnail_url,
      width: 640,
      height: 480,
    });
    expect(res.json()).toMatchObject({
      thumbnail_src: upload.thumbnail_url,
      width: 640,
      height: 480,
    });
  });

  it('is 409 when the file already belongs to an image (deleting one would break the other)', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const existing = await t.build.image(item.id);
    const res = await create(staff, item.id, { src: existing.src });
    expect(res.statusCode).toBe(409);
    const byThumb = await create(staff, item.id, { src: existing.thumbnail_src });
    expect(byThumb.statusCode).toBe(409);
    expect(await imageRows(item.id)).toHaveLength(1);
  });
});

describe('GET /api/inventory/items/:id/images', () => {
  it('is 400 for a malformed item id and 404 for an unknown item', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/inventory/items/a%27b/images' })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/inventory/items/nope/images' })).statusCode,
    ).toBe(404);
  });

  it("lists the item's images newest first, to anyone", async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const older = await t.build.image(item.id, { updated_at: '2024-05-01T00:00:00.000Z' });
    const newer = await t.build.image(item.id, { updated_at: '2025-05-01T00:00:00.000Z' });
    await t.build.image((await t.build.item({ updated_at: LONG_AGO })).id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/items/${item.id}/images`,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      item_id: item.id,
      src: newer.src,
      thumbnail_src: newer.thumbnail_src,
      width: 64,
      height: 48,
      updated_at: '2025-05-01T00:00:00.000Z',
    });
  });
});

describe('DELETE /api/inventory/items/:itemId/images/:id', () => {
  const remove = (session: Session, itemId: string, id: string) =>
    t.inject(session, {
      method: 'DELETE',
      url: `/api/inventory/items/${itemId}/images/${id}`,
    });

  it('is 401 for anonymous visitors and 403 for client users, removing nothing', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const image = await t.build.image(item.id);
    expect((await remove(anonymous, item.id, image.id)).statusCode).toBe(401);
    expect((await remove(client, item.id, image.id)).statusCode).toBe(403);
    expect(await imageRows(item.id)).toHaveLength(1);
    expect(await fileExists(image.src)).toBe(true);
  });

  it('is 404 for an unknown image or one of another item, removing nothing', async () => {
    const item = await t.build.item({ updated_at: LONG_AGO });
    const other = await t.build.item({ updated_at: LONG_AGO });
    const image = await t.build.image(item.id);
    expect((await remove(staff, item.id, 'nosuchimage')).statusCode).toBe(404);
    const wrongItem = await remove(staff, other.id, image.id);
    expect(wrongItem.statusCode).toBe(404);
    expect(errorOf(wrongItem).message).toBe('Image not found.');
    expect(await imageRows(item.id)).toHaveLength(1);
    expect(await fileExists(image.src)).toBe(true);
    expect((await remove(staff, item.id, 'bad%20id')).statusCode).toBe(400);
  });

  it('removes the row and then its files, touching the item and recording it', async () => {
    const item = await t.build.item({ name: 'Tool bin', updated_at: LONG_AGO });
    const image = await t.build.image(item.id);
    const keep = await t.build.image(item.id);
    const res = await remove(staff, item.id, image.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await imageRows(item.id)).map((i) => i.id)).toEqual([keep.id]);
    expect(await fileExists(image.src)).toBe(false);
    expect(await fileExists(image.thumbnail_src!)).toBe(false);
    expect(await fileExists(keep.src)).toBe(true);
    expect((await itemRow(item.id)).updated_at).not.toBe(LONG_AGO);
    expect(await imageActivity(image.id)).toMatchObject([
      { action: 'DELETE', ref_item_id: item.id, ref_src: image.src, ref_name: 'Tool bin' },
    ]);
  });
});
