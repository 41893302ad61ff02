import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, useTestApp, type TestSuite } from '../../../../test/helpers/app.ts';
import { pngImage } from '../../../../test/fixtures/images.ts';
import { useS3Server } from '../../../../test/helpers/s3-server.ts';
import { isStored, keyFromSrc } from '../../lib/storage.ts';
import { ORPHAN_AFTER_MS, removeOrphanUploads } from './orphans.ts';
import { buildInspection, buildInspectionKind } from '../../../../test/factories/inspections.ts';

/** The orphan sweep, on the local folder and on a bucket of a real S3 server. */
const s3 = useS3Server();

const A_DAY_LATER = () => new Date(Date.now() + ORPHAN_AFTER_MS + 60_000);

function orphanSuite(t: TestSuite) {
  const [staff] = t.signIn('staff');
  const upload = async () => {
    const res = await t.inject(staff, {
      method: 'POST',
      url: '/api/upload/damage.png',
      headers: { 'content-type': 'application/octet-stream' },
      payload: await pngImage(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string; thumbnail_url: string };
  };
  const stored = (src: string) => isStored(t.app.storage, keyFromSrc(src)!);
  const certificateKey = async (inspectionId: string) =>
    (
      await t.app.db
        .selectFrom('inspection_attachments')
        .select('storage_key')
        .where('inspection_id', '=', inspectionId)
        .executeTakeFirstOrThrow()
    ).storage_key;

  it('keeps every upload younger than a day, attached or not', async () => {
    const loose = await upload();
    expect(await removeOrphanUploads(t.app, new Date())).toBe(0);
    expect(await stored(loose.url)).toBe(true);
    expect(await stored(loose.thumbnail_url)).toBe(true);
  });

  it('keeps the files of an image however old, and removes what no row names after a day', async () => {
    const item = await t.build.item();
    const kept = await upload();
    const res = await t.request(staff, 'POST', `/api/inventory/items/${item.id}/images`, {
      src: kept.url,
      thumbnail_src: kept.thumbnail_url,
    });
    expect(res.statusCode).toBe(201);
    const loose = await upload();
    expect(await removeOrphanUploads(t.app, A_DAY_LATER())).toBeGreaterThanOrEqual(2);
    expect(await stored(kept.url)).toBe(true);
    expect(await stored(kept.thumbnail_url)).toBe(true);
    expect(await stored(loose.url)).toBe(false);
    expect(await stored(loose.thumbnail_url)).toBe(false);
  });

  it('keeps an inspection certificate however old', async () => {
    const component = await t.build.component();
    const item = await t.build.item({ component_id: component.id });
    const kind = await buildInspectionKind(t.app, { component_id: component.id });
    const inspection = await buildInspection(t.app, {
      item_id: item.id,
      kind_id: kind.id,
      certificate: true,
    });
    const key = await certificateKey(inspection.id);
    expect(await isStored(t.app.storage, key)).toBe(true);
    await removeOrphanUploads(t.app, A_DAY_LATER());
    expect(await isStored(t.app.storage, key)).toBe(true);
  });

  it('leaves no orphan of a re-sent offline damage photo', async () => {
    const item = await t.build.item();
    const key = `scan-${item.id}:photo`;
    const send = async () => {
      const photo = await upload();
      const res = await t.inject(staff, {
        method: 'POST',
        url: `/api/inventory/items/${item.id}/images`,
        headers: { 'idempotency-key': key },
        payload: { src: photo.url, thumbnail_src: photo.thumbnail_url },
      });
      return { photo, res };
    };
    const first = await send();
    expect(first.res.statusCode).toBe(201);
    // The phone sends the same scan again: a new upload, then the same key for it.
    const again = await send();
    expect(again.res.statusCode).toBe(422);
    expect(errorOf(again.res).code).toBe('idempotency_key_reused');
    expect(await stored(again.photo.url)).toBe(true);

    await removeOrphanUploads(t.app, A_DAY_LATER());
    expect(await stored(again.photo.url)).toBe(false);
    expect(await stored(again.photo.thumbnail_url)).toBe(false);
    expect(await stored(first.photo.url)).toBe(true);
  });
}

describe('orphan uploads in the local folder', () => {
  const t = useTestApp();
  orphanSuite(t);

  it('are removed by the hourly purge, under its lease', async () => {
    const res = await t.inject(await t.loginAs('staff'), {
      method: 'POST',
      url: '/api/upload/lost.png',
      headers: { 'content-type': 'application/octet-stream' },
      payload: await pngImage(),
    });
    const { url } = res.json() as { url: string };
    const file = path.join(t.config.dataDir, 'uploads', keyFromSrc(url)!);
    const twoDaysAgo = new Date(Date.now() - 2 * ORPHAN_AFTER_MS);
    fs.utimesSync(file, twoDaysAgo, twoDaysAgo);
    // The purge ran at start; let it be due again, as an hour later.
    await t.app.db.updateTable('leases').set({ next_run_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await t.app.periodicWork.get('purge')!.runNow()).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('orphan uploads in an S3 bucket', () => {
  let bucket: string;
  beforeAll(async () => {
    bucket = await s3.server.newBucket();
  });
  const t = useTestApp(() => ({ ...s3.server.env(bucket), LOG_LEVEL: 'silent' }));
  orphanSuite(t);
});
