import { beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../../../../test/helpers/app.ts';

/**
 * A client user and items of another client: they may read them (item reads are public)
 * but get the public shape, and their scan does not make them the item's last scanner.
 */
const t = useTestApp();
const [staff] = t.signIn('staff');
let clientUser: Session;
let ownItem: { id: string };
let otherItem: { id: string };
let otherLabel: string;
let ownLabel: string;

beforeAll(async () => {
  const mine = await t.build.client({ name: 'Mine' });
  const theirs = await t.build.client({ name: 'Theirs' });
  const member = await t.build.member({ role: 'client', client_id: mine.id });
  clientUser = { member, headers: { cookie: await t.loginWith(member.email, member.password) } };
  const theirJob = await t.build.manifest({ name: 'Secret tour', client_id: theirs.id });
  const myJob = await t.build.manifest({ name: 'My tour', client_id: mine.id });
  otherItem = await t.build.item({
    name: 'Their crate',
    client_id: theirs.id,
    manifest_id: theirJob.id,
  });
  ownItem = await t.build.item({ name: 'My crate', client_id: mine.id, manifest_id: myJob.id });
  otherLabel = (await t.build.label({ item_id: otherItem.id })).id;
  ownLabel = (await t.build.label({ item_id: ownItem.id })).id;
  // Staff scanned their crate last.
  await t.inject(staff, { method: 'POST', url: `/api/inventory/scan/${otherLabel}` });
});

const read = (session: Session, id: string) =>
  t.inject(session, { method: 'GET', url: `/api/inventory/items/${id}` });
const lastScannerOf = async (id: string) =>
  (await read(staff, id)).json().last_scanned_by_email as string | null;

describe("a client user and another client's item", () => {
  it('reads it in the public shape: no last scanner, no job', async () => {
    const res = await read(clientUser, otherItem.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: otherItem.id, name: 'Their crate' });
    expect(body).not.toHaveProperty('last_scanned_by_email');
    expect(body.manifest_name).toBeNull();
    expect(body.manifest_id).toBeNull();
    expect(res.body).not.toContain(staff.member!.email);
    expect(res.body).not.toContain('Secret tour');
  });

  it('reads it in the public shape also when staff read it at the same moment', async () => {
    // On PostgreSQL the item reads of one moment share a query per scope (db/read-batch.ts).
    const [theirsAsClient, theirsAsStaff, mineAsClient] = await Promise.all([
      read(clientUser, otherItem.id),
      read(staff, otherItem.id),
      read(clientUser, ownItem.id),
    ]);
    expect(theirsAsClient.body).not.toContain('Secret tour');
    expect(theirsAsClient.json()).not.toHaveProperty('last_scanned_by_email');
    expect(theirsAsStaff.json()).toMatchObject({
      manifest_name: 'Secret tour',
      last_scanned_by_email: staff.member!.email,
    });
    expect(mineAsClient.json().manifest_name).toBe('My tour');
  });

  it('gives anonymous readers the same public shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/inventory/items/${otherItem.id}` });
    expect(res.json()).not.toHaveProperty('last_scanned_by_email');
    expect(res.body).not.toContain('Secret tour');
  });

  it('still reads their own items in full', async () => {
    const body = (await read(clientUser, ownItem.id)).json();
    expect(body.manifest_name).toBe('My tour');
    expect(body).toHaveProperty('last_scanned_by_email');
  });

  it('records their scan (API) without making them the last scanner', async () => {
    const res = await t.inject(clientUser, {
      method: 'POST',
      url: `/api/inventory/scan/${otherLabel}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Secret tour');
    expect(await lastScannerOf(otherItem.id)).toBe(staff.member!.email);
    const entries = await t.app.db
      .selectFrom('activity')
      .select('email')
      .where('source_id', '=', otherLabel)
      .where('action', '=', 'SCAN')
      .execute();
    expect(entries.map((e) => e.email)).toContain(clientUser.member!.email);
  });

  it('records their scan through the label URL without making them the last scanner', async () => {
    const res = await t.inject(clientUser, { method: 'GET', url: `/scan/${otherLabel}` });
    expect(res.statusCode).toBe(302);
    expect(await lastScannerOf(otherItem.id)).toBe(staff.member!.email);
  });

  it('makes them the last scanner of their own items', async () => {
    await t.inject(clientUser, { method: 'POST', url: `/api/inventory/scan/${ownLabel}` });
    expect(await lastScannerOf(ownItem.id)).toBe(clientUser.member!.email);
  });
});

describe("the client user's own item inside another client's crate, on that client's job", () => {
  it('names neither the job nor the crate, in the read and in the list', async () => {
    const mine = (await t.row('users', clientUser.member!.id)).client_id!;
    const alpha = await t.build.client({ name: 'Alpha owner' });
    const job = await t.build.manifest({ name: 'Job Alpha', client_id: alpha.id });
    const crate = await t.build.item({
      name: 'Alpha crate',
      client_id: alpha.id,
      manifest_id: job.id,
    });
    const own = await t.build.item({ name: 'Own lamp', client_id: mine });
    const put = await t.request(staff, 'PUT', `/api/inventory/items/${own.id}`, {
      container_id: crate.id,
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = (await t.request(clientUser, 'GET', `/api/inventory/items/${own.id}`)).json();
    expect(read).toMatchObject({ manifest_id: null, manifest_name: null, container_name: null });
    const list = await t.request(clientUser, 'GET', '/api/inventory/items');
    expect(list.body).not.toContain('Job Alpha');
    expect(list.body).not.toContain('Alpha crate');
  });
});
