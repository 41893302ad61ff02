import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, useTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { TEST_CREDENTIALS, useS3Server } from '../../../test/helpers/s3-server.ts';
import { tempDir } from '../../../test/helpers/server-process.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { dataDirStorage } from '../lib/storage-local.ts';
import { keyFromSrc, type FileStorage } from '../lib/storage.ts';
import { runBackupCommand } from './backup.ts';
import { runRestoreCommand } from './restore.ts';
import { progressOn } from '../lib/progress.ts';
import { copyUploads, runStorageCopyCommand } from './storage-copy.ts';

/**
 * `npm run storage:copy` from the uploads folder into a bucket of a real S3 server
 * (moto_server), resumed and verified; then the same instance switched to STORAGE_URL
 * with nothing lost, and a backup and restore through the bucket.
 */
const s3 = useS3Server();
const t = useTestApp();
const [staff] = t.signIn('staff');
let bucket: string;
beforeAll(async () => {
  bucket = await s3.server.newBucket();
});

const lines: string[] = [];
/** The progress lines, as a log (not a terminal) gets them. */
const progress: string[] = [];
const copy = (...argv: string[]) =>
  runStorageCopyCommand(argv, {
    env: { DATA_DIR: t.config.dataDir, ...credentials() },
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    progress: progressOn({ output: { write: (text: string) => progress.push(text) } }),
  });
const credentials = () => ({
  AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
});
const target = () => s3.server.storageUrl(bucket, 'yard');
const lastLine = () => lines.at(-1) ?? '';
const localUploads = () => path.join(t.config.dataDir, 'uploads');
const localFiles = () => fs.readdirSync(localUploads()).sort();
const bucketStore = (): FileStorage => s3.server.storage(bucket, 'yard');
async function bucketFiles(storage = bucketStore()): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const file of storage.list()) {
    found[file.key] = (await buffer((await storage.get(file.key))!.body)).toString('base64');
  }
  return found;
}
const localContents = () =>
  Object.fromEntries(
    localFiles().map((key) => [key, fs.readFileSync(path.join(localUploads(), key), 'base64')]),
  );

describe('npm run storage:copy', () => {
  it('refuses a missing or wrong --to and a missing bucket, copying nothing', async () => {
    await t.build.image((await t.build.item()).id);
    expect(await copy()).toBe(1);
    expect(lines.join('\n')).toContain('Name the bucket: --to s3://');
    expect(await copy('--to', 'https://example.com/bucket')).toBe(1);
    expect(lastLine()).toContain('STORAGE_URL must start with s3://');
    expect(await copy('--to', s3.server.storageUrl('no-such-bucket'))).toBe(1);
    expect(lastLine()).toBe('The copy failed: the bucket "no-such-bucket" does not exist');
    expect(await bucketFiles()).toEqual({});
    expect(progress).toEqual([]);
  });

  it('copies every upload, verified; a second run skips them all', async () => {
    await t.build.image((await t.build.item()).id);
    expect(await copy('--to', target())).toBe(0);
    const count = localFiles().length;
    expect(lastLine()).toMatch(
      new RegExp(`^Done: ${count} files copied and verified by sha256 \\(\\d+ bytes\\), 0 already`),
    );
    expect(await bucketFiles()).toEqual(localContents());
    // Like seed, backup and restore: the count of the whole and the time taken.
    expect(progress.at(-1)).toMatch(
      new RegExp(`^Copying files: ${count} of ${count} files \\(100%\\), done in \\d+ s\\n$`),
    );
    expect(await copy('--to', target())).toBe(0);
    expect(lastLine()).toMatch(
      new RegExp(`^Done: 0 files copied .*, ${count} already there with the same checksum\\.$`),
    );
  });

  it('resumes: copies what is missing or different in the bucket, skips the rest', async () => {
    const [gone, damaged, ...rest] = localFiles();
    await bucketStore().delete(gone!);
    // Another object under the key, as an interrupted or foreign upload would leave.
    const raw = new S3Client({
      endpoint: s3.server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: TEST_CREDENTIALS,
    });
    await raw.send(new PutObjectCommand({ Bucket: bucket, Key: `yard/${damaged}`, Body: 'half' }));
    expect(await copy('--to', target())).toBe(0);
    expect(lastLine()).toMatch(
      new RegExp(`^Done: 2 files copied .*, ${rest.length} already there with the same checksum`),
    );
    expect(await bucketFiles()).toEqual(localContents());
  });

  it('stops at a file that does not read back the same from the bucket, naming it', async () => {
    // A real bucket behind a link that damages what it carries (one byte more).
    const real = s3.server.storage(await s3.server.newBucket());
    const damaging: FileStorage = {
      ...real,
      put: (key, bytes) => real.put(key, Buffer.concat([bytes, Buffer.from('!')])),
    };
    const error = await copyUploads(dataDirStorage(t.config.dataDir), damaging).then(
      () => null,
      (e: Error) => e.message,
    );
    const named =
      /^(\S+) does not match after copying \(sha256 [0-9a-f]{64} here, [0-9a-f]{64} there\)\.$/.exec(
        error ?? '',
      );
    expect(named, String(error)).not.toBeNull();
    expect(localFiles()).toContain(named![1]);
  });

  it('then STORAGE_URL switches the instance to the bucket and nothing is lost', async () => {
    const images = await t.app.db.selectFrom('images').select(['item_id', 'src']).execute();
    expect(images.length).toBeGreaterThanOrEqual(2);
    const expected = localContents();
    // The folder is gone: whatever is served now comes from the bucket.
    fs.renameSync(localUploads(), `${localUploads()}-old`);
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_PUBLIC_URL,
      WEB_DIST: `${t.config.dataDir}/no-web-build`,
      ...s3.server.env(bucket, 'yard'),
    });
    const switched = await buildApp(config, {
      database: openDatabase({ databaseUrl: t.database.databaseUrl, dataDir: t.config.dataDir }),
    });
    try {
      await switched.ready();
      for (const image of images) {
        const res = await switched.inject({ method: 'GET', url: image.src });
        expect(res.statusCode, image.src).toBe(200);
        expect(res.rawPayload.toString('base64')).toBe(expected[keyFromSrc(image.src)!]);
        const listed = await switched.inject({
          method: 'GET',
          url: `/api/inventory/items/${image.item_id}/images`,
          headers: staff.headers,
        });
        expect(listed.statusCode).toBe(200);
      }
    } finally {
      await switched.close();
      fs.renameSync(`${localUploads()}-old`, localUploads());
    }
  });
});

describe('backup and restore with the files in a bucket', () => {
  let restored: TestDatabase;
  afterAll(async () => restored?.drop());

  it('backs up the bucket and restores into another bucket: every file and row equal', async () => {
    const folder = path.join(tempDir(), 'backup');
    const io = { out: () => {}, err: (line: string) => lines.push(line) };
    const source = bucketStore();
    expect(
      await runBackupCommand([folder], {
        ...io,
        database: t.database.handle,
        dataDir: t.config.dataDir,
        storage: source,
      }),
    ).toBe(0);
    const inBucket = await bucketFiles(source);
    expect(Object.keys(inBucket).length).toBeGreaterThanOrEqual(4);
    expect(fs.readdirSync(path.join(folder, 'files/uploads')).sort()).toEqual(
      Object.keys(inBucket).sort(),
    );

    const other = await s3.server.newBucket();
    const into = s3.server.storage(other, 'restored');
    restored = await createTestDatabase({ migrate: false });
    const restore = () =>
      runRestoreCommand([folder], {
        ...io,
        database: restored.handle,
        dataDir: restored.dataDir,
        storage: into,
      });
    expect(await restore()).toBe(0);
    expect(await bucketFiles(into)).toEqual(inBucket);
    const images = await restored.handle.db.selectFrom('images').select('src').execute();
    expect(images.length).toBe(await t.count('images'));
    // Nothing went to the restored instance's own disk.
    expect(fs.existsSync(path.join(restored.dataDir, 'uploads'))).toBe(false);
  });
});
