import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  captureLog,
  createTestApp,
  errorOf,
  loginAs,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { pngImage } from '../../../../test/fixtures/images.ts';
import { buildInspection, buildInspectionKind } from '../../../../test/factories/inspections.ts';
import { pdfBytes } from '../../../../test/helpers/multipart.ts';
import { freePort } from '../../../../test/helpers/server-process.ts';
import { TEST_CREDENTIALS, useS3Server } from '../../../../test/helpers/s3-server.ts';
import { reportStorageAtStart } from '../../lib/storage-check.ts';
import { keyFromSrc, storageUnavailable, type FileStorage } from '../../lib/storage.ts';

/**
 * Images through the API with STORAGE_URL naming a bucket on a real S3 protocol server
 * (moto_server): stored in the bucket, not on the disk, streamed back through the app
 * under the same rules, and a clear 503 with nothing half-stored when the store is down.
 */
const s3 = useS3Server();
let bucket: string;
beforeAll(async () => {
  bucket = await s3.server.newBucket();
});
const t = useTestApp(() => ({ ...s3.server.env(bucket, 'yard'), LOG_LEVEL: 'silent' }));
const [staff, client] = t.signIn('staff', 'client');

const upload = async (bytes: Buffer) => {
  const res = await t.inject(staff, {
    method: 'POST',
    url: '/api/upload/photo.png',
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; thumbnail_url: string };
};
const addImage = (itemId: string, src: string, thumbnail_src?: string) =>
  t.request(staff, 'POST', `/api/inventory/items/${itemId}/images`, { src, thumbnail_src });
const imageCount = () => t.count('images');
/** The local uploads folder is not even made when the files live in a bucket. */
const localUploads = () => {
  const dir = path.join(t.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('uploads in an S3 bucket', () => {
  it("serves a client user nothing of another client's image but by its key: no other object, no near key", async () => {
    const otherClient = await t.build.client({ name: 'Another studio' });
    const item = await t.build.item({ client_id: otherClient.id });
    const stored = await upload(await pngImage());
    expect((await addImage(item.id, stored.url)).statusCode).toBe(201);
    const raw = new S3Client({
      endpoint: s3.server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: TEST_CREDENTIALS,
    });
    await raw.send(new PutObjectCommand({ Bucket: bucket, Key: 'yard/backup.json', Body: '{}' }));
    const key = keyFromSrc(stored.url)!;
    const near = `${key.slice(0, 23)}${key[23] === 'a' ? 'b' : 'a'}${key.slice(24)}`;
    for (const url of [
      '/uploads/backup.json',
      '/uploads/..%2Fyard%2Fbackup.json',
      `/uploads/yard%2F${key}`,
      `/uploads/${near}`,
    ]) {
      const res = await t.inject(client, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // Nor is the key handed to the client user: their list does not hold the item.
    const listed = await t.inject(client, { method: 'GET', url: '/api/inventory/items' });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key);
  });

  it('stores the file and its thumbnail in the bucket only, and streams them back', async () => {
    const bytes = await pngImage();
    const stored = await upload(bytes);
    const item = await t.build.item();
    expect((await addImage(item.id, stored.url, stored.thumbnail_url)).statusCode).toBe(201);
    expect(localUploads()).toEqual([]);
    for (const url of [stored.url, stored.thumbnail_url]) {
      const inBucket = await s3.server.storage(bucket, 'yard').get(keyFromSrc(url)!);
      const expected = await buffer(inBucket!.body);
      const res = await t.inject(client, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(expected)).toBe(true);
      expect(res.headers['content-length']).toBe(String(expected.length));
      expect(res.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('deleting the image deletes both objects', async () => {
    const stored = await upload(await pngImage());
    const item = await t.build.item();
    const image = (await addImage(item.id, stored.url, stored.thumbnail_url)).json() as {
      id: string;
    };
    const res = await t.request(
      staff,
      'DELETE',
      `/api/inventory/items/${item.id}/images/${image.id}`,
    );
    expect(res.statusCode).toBe(200);
    const storage = s3.server.storage(bucket, 'yard');
    expect(await storage.head(keyFromSrc(stored.url)!)).toBeNull();
    expect(await storage.head(keyFromSrc(stored.thumbnail_url)!)).toBeNull();
  });

  it('keeps an inspection certificate in the bucket, served only to who may see its item', async () => {
    const otherClient = await t.build.client({ name: 'Certified studio' });
    const component = await t.build.component();
    const item = await t.build.item({ client_id: otherClient.id, component_id: component.id });
    const kind = await buildInspectionKind(t.app, { component_id: component.id });
    const inspection = await buildInspection(t.app, {
      item_id: item.id,
      kind_id: kind.id,
      certificate: true,
    });
    const attachment = await t.app.db
      .selectFrom('inspection_attachments')
      .select(['id', 'storage_key'])
      .where('inspection_id', '=', inspection.id)
      .executeTakeFirstOrThrow();
    expect(await s3.server.storage(bucket, 'yard').head(attachment.storage_key)).not.toBeNull();
    expect(localUploads()).toEqual([]);
    const url = `/api/inventory/inspections/${inspection.id}/attachments/${attachment.id}`;
    const refused = await t.inject(client, { method: 'GET', url });
    expect(refused.statusCode).toBe(404);
    const served = await t.inject(staff, { method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdfBytes())).toBe(true);
  });

  it('keeps no half upload when the store drops between the image and its thumbnail', async () => {
    const own = await s3.server.newBucket();
    const real = s3.server.storage(own);
    // The real bucket, whose connection drops at the second write of the upload.
    let writes = 0;
    const dropping: FileStorage = {
      ...real,
      put: async (key, bytes) => {
        if (++writes === 2) throw storageUnavailable(new Error('ECONNRESET'), 'it dropped');
        return real.put(key, bytes);
      },
    };
    const other = await createTestApp({}, { storage: dropping });
    try {
      const member = await loginAs(other.app, 'staff');
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/upload/photo.png',
        headers: { ...member.headers, 'content-type': 'application/octet-stream' },
        payload: await pngImage(),
      });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res).code).toBe('storage_unavailable');
      expect(writes).toBe(2);
      const left = [];
      for await (const file of real.list()) left.push(file.key);
      expect(left).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a store that cannot be reached', () => {
  it('is a clear line at start naming the store and why', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const log = captureLog();
    const down = await createTestApp(
      {
        STORAGE_URL: `s3://photos/yard?endpoint=${dead}&force_path_style=true`,
        AWS_ACCESS_KEY_ID: 'testing',
        AWS_SECRET_ACCESS_KEY: 'testing',
        LOG_LEVEL: 'info',
      },
      { logStream: log.stream },
    );
    try {
      expect(await reportStorageAtStart(down.app)).toBe(false);
      expect(log.text()).toContain(
        `The file store s3://photos/yard/ at ${dead} cannot be used: it cannot be reached`,
      );
    } finally {
      await down.close();
    }
  });

  it('answers 503 storage_unavailable once moto_server is killed, and adds no image row', async () => {
    const stored = await upload(await pngImage());
    const item = await t.build.item();
    const images = await imageCount();
    await s3.server.kill();

    const again = await t.inject(staff, {
      method: 'POST',
      url: '/api/upload/photo.png',
      headers: { 'content-type': 'application/octet-stream' },
      payload: await pngImage(),
    });
    expect(again.statusCode).toBe(503);
    expect(errorOf(again)).toEqual({
      code: 'storage_unavailable',
      message:
        'Files cannot be stored or read right now: the file store is not available. ' +
        'Please try again in a moment.',
    });
    expect(again.headers['retry-after']).toBe('5');

    const attach = await addImage(item.id, stored.url, stored.thumbnail_url);
    expect(attach.statusCode).toBe(503);
    expect(errorOf(attach).code).toBe('storage_unavailable');
    expect(await imageCount()).toBe(images);

    const read = await t.inject(client, { method: 'GET', url: stored.url });
    expect(read.statusCode).toBe(503);
    expect(localUploads()).toEqual([]);
  }, 30_000);
});
