import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { freePort, tempDir } from '../../../test/helpers/server-process.ts';
import { TEST_CREDENTIALS, useS3Server } from '../../../test/helpers/s3-server.ts';
import { createLocalStorage } from './storage-local.ts';
import { createS3Storage } from './storage-s3.ts';
import { parseStorageUrl, type S3Location } from './storage-url.ts';
import { isStored, newUploadKey, storeNew, type FileStorage } from './storage.ts';

/**
 * The one contract every FileStorage keeps, run against the local folder and against a
 * real S3 protocol server (moto_server), through the same code.
 */
const s3 = useS3Server();
/** A second server that checks credentials, and knows none: every request is refused. */
const refusing = useS3Server({ checkCredentials: true });

interface Backend {
  name: string;
  /** A new, empty store. */
  open(): Promise<FileStorage>;
  /** Puts something that is not an upload beside the store's files (a backup, a stray file). */
  putForeign(storage: FileStorage, name: string): Promise<void>;
  /** The same store with nothing able to answer: a dead port, a missing bucket... */
  unusable(): Promise<Array<{ storage: FileStorage; reason: RegExp }>>;
}

const local: Backend = {
  name: 'the local folder',
  open: async () => createLocalStorage(path.join(tempDir(), 'uploads')),
  putForeign: async (storage, name) => fs.writeFileSync(path.join(storage.folder!, name), 'x'),
  unusable: async () => {
    const dir = path.join(tempDir(), 'uploads');
    const storage = createLocalStorage(dir);
    fs.rmSync(dir, { recursive: true });
    fs.writeFileSync(dir, 'a file where the folder was');
    return [{ storage, reason: /cannot be read and written/ }];
  },
};

const bucketStore: Backend = {
  name: 'an S3 bucket (moto_server)',
  open: async () => s3.server.storage(await s3.server.newBucket(), 'yard/one'),
  putForeign: async (storage, name) => {
    const { bucket } = parseStorageUrl(storage.location.replace(/ at .*$/, '')) as S3Location;
    const client = new S3Client({
      endpoint: s3.server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: TEST_CREDENTIALS,
    });
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `yard/one/${name}`, Body: 'x' }));
  },
  unusable: async () => {
    const deadPort = await freePort();
    const dead = parseStorageUrl(
      `s3://gone/?endpoint=http://127.0.0.1:${deadPort}&force_path_style=true`,
    ) as S3Location;
    return [
      {
        storage: createS3Storage(dead, TEST_CREDENTIALS, { maxAttempts: 1 }),
        reason: /cannot be reached/,
      },
      { storage: s3.server.storage('no-such-bucket'), reason: /bucket "no-such-bucket" does not/ },
      { storage: refusing.server.storage('photos'), reason: /access was denied \(check AWS_/ },
    ];
  },
};

const bytesOf = (label: string) => Buffer.from(`image bytes of ${label}`);

describe.each([local, bucketStore])('FileStorage on $name', (backend) => {
  it('refuses keys that are not uploads: nothing else is read, written or deleted', async () => {
    const storage = await backend.open();
    await backend.putForeign(storage, 'backup.json');
    for (const key of ['backup.json', '../backup.json', 'a/b.png', 'ABC.png', '']) {
      expect(await storage.head(key), key).toBeNull();
      expect(await storage.get(key), key).toBeNull();
      await expect(storage.put(key, bytesOf(key)), key).rejects.toThrow(/Not a storage key/);
    }
    await storage.delete('backup.json');
    // The foreign file is still there (the local folder: read it back from the disk).
    if (storage.folder) expect(fs.existsSync(path.join(storage.folder, 'backup.json'))).toBe(true);
  });

  it('answers null for a well-formed key never stored, and deleting it is no error', async () => {
    const storage = await backend.open();
    const key = newUploadKey('png');
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('stores bytes under a key and streams them back with their size', async () => {
    const storage = await backend.open();
    const before = Date.now() - 60_000;
    const key = await storeNew(storage, bytesOf('one'), 'jpg');
    expect(key).toMatch(/^[a-z0-9]{24}\.jpg$/);
    const found = await storage.head(key);
    expect(found).toMatchObject({ key, size: bytesOf('one').length });
    expect(found!.modifiedAt.getTime()).toBeGreaterThan(before);
    const file = await storage.get(key);
    expect(file!.size).toBe(bytesOf('one').length);
    expect(await text(file!.body)).toBe('image bytes of one');
  });

  it('deletes a stored file', async () => {
    const storage = await backend.open();
    const key = await storeNew(storage, bytesOf('gone'), 'png');
    await storage.delete(key);
    expect(await isStored(storage, key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('lists exactly the stored uploads, and nothing else beside them', async () => {
    const storage = await backend.open();
    const keys = [];
    for (const label of ['a', 'b', 'c']) keys.push(await storeNew(storage, bytesOf(label), 'png'));
    await backend.putForeign(storage, 'notes.txt');
    const listed = [];
    for await (const file of storage.list()) listed.push(file);
    expect(listed.map((f) => f.key).sort()).toEqual([...keys].sort());
    expect(listed.every((f) => f.size === bytesOf('a').length)).toBe(true);
  });

  it('passes its start-up check, and fails it with the reason when unusable', async () => {
    await (await backend.open()).check();
    for (const { storage, reason } of await backend.unusable()) {
      const error = await storage.check().then(
        () => null,
        (e: unknown) => e as { status: number; code: string; reason: string },
      );
      expect(error).toMatchObject({ status: 503, code: 'storage_unavailable' });
      expect(error!.reason).toMatch(reason);
    }
  });

  it('answers 503 storage_unavailable on every call while unusable', async () => {
    for (const { storage } of await backend.unusable()) {
      const key = newUploadKey('png');
      await expect(storage.put(key, bytesOf('x'))).rejects.toMatchObject({
        status: 503,
        code: 'storage_unavailable',
      });
      if (storage.folder) continue; // a missing folder reads as empty: nothing is lost
      for (const call of [() => storage.head(key), () => storage.get(key)]) {
        await expect(call()).rejects.toMatchObject({ code: 'storage_unavailable' });
      }
      await expect(
        (async () => {
          for await (const file of storage.list()) void file;
        })(),
      ).rejects.toMatchObject({ code: 'storage_unavailable' });
    }
  });
});

describe('S3 prefixes', () => {
  it('keep two stores in one bucket apart', async () => {
    const bucket = await s3.server.newBucket();
    const one = s3.server.storage(bucket, 'one');
    const two = s3.server.storage(bucket, 'two');
    const key = await storeNew(one, bytesOf('one'), 'png');
    expect(await isStored(two, key)).toBe(false);
    const listed = [];
    for await (const file of two.list()) listed.push(file.key);
    expect(listed).toEqual([]);
  });
});
