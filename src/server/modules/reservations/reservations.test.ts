import { describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import { expectRefusedUnchanged } from '../../../../test/server/role-matrix/snapshot.ts';
import { activityDetails } from '../../../../test/helpers/database.ts';
import type {
  Availability,
  Calendar,
  ItemBookings,
  ManifestAvailability,
} from '../../../common/schemas/reservation.ts';
import { dispatchJob } from '../round-trip/round-trip.service.ts';

/**
 * Reservations (docs/decisions.md, "Reservations: how availability is counted"): a job
 * holds kit for its window, conflicts are refused in the write's transaction with the jobs
 * in the way named, overrides are recorded, packing asks first.
 */
const t = useTestApp();
const [client, staff] = t.signIn('client', 'staff');
const call = t.caller('/api/inventory');

const SUMMER = { out_date: '2027-06-03', due_date: '2027-06-09' };
const AUTUMN = { out_date: '2027-06-08', due_date: '2027-06-15' };
const LATER = { out_date: '2027-07-01', due_date: '2027-07-05' };

async function job(name: string, dates: object = {}, session: Session = staff) {
  const res = await call(session, 'POST', '/manifests', { name, ...dates });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

/** A fresh component type with `n` items of it: counts in one test never touch another's. */
async function kit(typeName: string, n: number, fields: object = {}) {
  const type = await t.build.component({ name: `${typeName} ${Math.random()}` });
  const items = [];
  for (let i = 1; i <= n; i++) {
    items.push(await t.build.item({ name: `${typeName} ${i}`, component_id: type.id, ...fields }));
  }
  return { type, items };
}

const reserve = (id: string, body?: object) =>
  call(staff, 'POST', `/manifests/${id}/reserve`, body);
const hold = (id: string, itemId: string, extra: object = {}) =>
  call(staff, 'POST', `/manifests/${id}/reservations`, { item_id: itemId, ...extra });
/** One item of a fresh kit `deck`, held by a new job for each [name, window], in that order. */
async function deckHeldBy(deck: string, ...jobs: Array<[name: string, dates: object]>) {
  const { items } = await kit(deck, 1);
  const holders = [];
  for (const [name, dates] of jobs) holders.push(await job(name, dates));
  for (const holder of holders) await hold(holder.id, items[0]!.id);
  return { item: items[0]!, holders };
}
const require = (id: string, componentId: string, count: number, extra: object = {}) =>
  call(staff, 'POST', `/manifests/${id}/requirements`, {
    component_id: componentId,
    count,
    ...extra,
  });

async function availability(query: string): Promise<Availability> {
  const res = await call(staff, 'GET', `/availability?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Availability;
}

/** The call is refused with `status` and the database is exactly as before. */
const refusedUnchanged = (status: number, perform: () => ReturnType<typeof call>) =>
  expectRefusedUnchanged(t.app, t.config.dataDir, status, perform);

describe('reservations: denied', () => {
  it('anonymous visitors are asked to sign in, for reads and writes', async () => {
    const summer = await job('Anon summer', SUMMER);
    for (const [method, url, body] of [
      ['GET', '/availability?from=2027-06-01&to=2027-06-30'],
      ['GET', '/calendar?from=2027-06-01&to=2027-06-30'],
      ['GET', `/manifests/${summer.id}/availability`],
      ['GET', `/manifests/${summer.id}/reservations`],
      ['POST', `/manifests/${summer.id}/reserve`],
      ['POST', `/manifests/${summer.id}/reservations`, { item_id: 'x' }],
    ] as const) {
      await refusedUnchanged(401, () => call(anonymous, method, url, body));
    }
  });

  it('client users may read their own jobs but every write is refused, changing nothing', async () => {
    const clientId = client.member!.client_id!;
    const { items, type } = await kit('Client deck', 1, { client_id: clientId });
    const mine = await job('Client show', { ...SUMMER, client_id: clientId });
    await hold(mine.id, items[0]!.id);
    for (const [method, url, body] of [
      ['POST', `/manifests/${mine.id}/reserve`, {}],
      ['POST', `/manifests/${mine.id}/unreserve`, undefined],
      ['POST', `/manifests/${mine.id}/reservations`, { item_id: items[0]!.id }],
      ['DELETE', `/manifests/${mine.id}/reservations`, { item_id: items[0]!.id }],
      ['POST', `/manifests/${mine.id}/requirements`, { component_id: type.id, count: 1 }],
      ['PUT', `/manifests/${mine.id}`, { prep_days: 2 }],
    ] as const) {
      await refusedUnchanged(403, () => call(client, method, url, body));
    }
    const seen = await call(client, 'GET', `/manifests/${mine.id}/availability`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as ManifestAvailability).reservations).toHaveLength(1);
    const bookings = await call(client, 'GET', `/items/${items[0]!.id}/bookings`);
    expect((bookings.json() as ItemBookings).bookings.map((b) => b.name)).toEqual(['Client show']);
  });

  it("client users do not see other clients' jobs or items", async () => {
    const other = await job('Other client show', SUMMER);
    const { items } = await kit('Other deck', 1);
    expect((await call(client, 'GET', `/manifests/${other.id}/availability`)).statusCode).toBe(404);
    expect((await call(client, 'GET', `/items/${items[0]!.id}/bookings`)).statusCode).toBe(404);
    const cal = (
      await call(client, 'GET', '/calendar?from=2027-06-01&to=2027-06-30')
    ).json() as Calendar;
    expect(cal.jobs.map((j) => j.name)).not.toContain('Other client show');
  });

  it('refuses bad dates and windows (400) and changes nothing', async () => {
    const summer = await job('Bad input show', SUMMER);
    const { items } = await kit('Bad deck', 1);
    for (const query of [
      'from=2027-06-10&to=2027-06-01',
      'from=2027-02-30&to=2027-03-01',
      'from=2027-06-01',
      'from=2027-06-01&to=2029-06-01',
      'from=tomorrow&to=2027-06-01',
    ]) {
      await refusedUnchanged(400, () => call(staff, 'GET', `/availability?${query}`));
      await refusedUnchanged(400, () => call(staff, 'GET', `/calendar?${query}`));
    }
    await refusedUnchanged(400, () => reserve(summer.id, { override: true }));
    await refusedUnchanged(400, () => hold(summer.id, items[0]!.id, { override: 'yes' }));
    await refusedUnchanged(400, () =>
      call(staff, 'POST', `/manifests/${summer.id}/reservations`, {}),
    );
    await refusedUnchanged(400, () =>
      call(staff, 'PUT', `/manifests/${summer.id}`, { prep_days: -1 }),
    );
    await refusedUnchanged(400, () =>
      call(staff, 'PUT', `/manifests/${summer.id}`, { turnaround_days: 1.5 }),
    );
    await refusedUnchanged(400, () =>
      call(staff, 'PUT', `/manifests/${summer.id}`, { due_date: '2027-06-01' }),
    );
  });

  it('answers 404 for unknown jobs, items and lines, changing nothing', async () => {
    const summer = await job('Unknown ids show', SUMMER);
    const { items } = await kit('Unknown deck', 1);
    await refusedUnchanged(404, () => reserve('nosuchjob123'));
    await refusedUnchanged(404, () => hold('nosuchjob123', items[0]!.id));
    await refusedUnchanged(404, () => hold(summer.id, 'nosuchitem12'));
    await refusedUnchanged(404, () =>
      call(staff, 'DELETE', `/manifests/${summer.id}/reservations`, { item_id: items[0]!.id }),
    );
    await refusedUnchanged(404, () => call(staff, 'GET', '/manifests/nosuchjob123/availability'));
    await refusedUnchanged(404, () => call(staff, 'GET', '/items/nosuchitem12/bookings'));
    await refusedUnchanged(404, () =>
      call(
        staff,
        'GET',
        '/availability?from=2027-06-01&to=2027-06-02&exclude_manifest=nosuchjob123',
      ),
    );
  });

  it('refuses reserving without both dates, twice, or unreserving a planning job (409)', async () => {
    const undated = await job('Undated show', { out_date: '2027-06-03' });
    const res = await refusedUnchanged(409, () => reserve(undated.id));
    expect(errorOf(res)).toEqual({
      code: 'dates_needed',
      message: 'Give the job an out date and a due date before reserving it.',
    });
    const summer = await job('Twice show', SUMMER);
    expect((await reserve(summer.id)).statusCode).toBe(200);
    expect(errorOf(await refusedUnchanged(409, () => reserve(summer.id))).code).toBe('wrong_stage');
    const planning = await job('Planning show', SUMMER);
    const unreserve = () => call(staff, 'POST', `/manifests/${planning.id}/unreserve`);
    expect(errorOf(await refusedUnchanged(409, unreserve)).code).toBe('wrong_stage');
  });
});

describe('reservations: conflicts are refused with the jobs in the way named', () => {
  it('two jobs overlapping on one crate: the second is refused, then overridden with a note', async () => {
    const { items } = await kit('Stage deck', 1);
    const deck = items[0]!;
    const summer = await job('Summer show', SUMMER);
    expect((await hold(summer.id, deck.id)).statusCode).toBe(201);
    expect((await reserve(summer.id)).json().stage).toBe('reserved');

    // A planning job is a draft: it may name the deck, and shows the conflict.
    const autumn = await job('Autumn fair', AUTUMN);
    expect((await hold(autumn.id, deck.id)).statusCode).toBe(201);
    const draft = (
      await call(staff, 'GET', `/manifests/${autumn.id}/availability`)
    ).json() as ManifestAvailability;
    expect(draft.short).toBe(true);
    expect(draft.reservations[0]).toMatchObject({ available: false });
    expect(draft.reservations[0]!.blocking.map((b) => b.name)).toEqual(['Summer show']);

    const refused = await refusedUnchanged(409, () => reserve(autumn.id));
    expect(errorOf(refused)).toEqual({
      code: 'overbooked',
      message: 'Stage deck 1 is on Summer show 3–9 Jun.',
    });
    await refusedUnchanged(400, () => reserve(autumn.id, { override: true }));

    const overridden = await reserve(autumn.id, {
      override: true,
      override_note: 'Sub-renting a deck from Hire Co',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    const entry = await t.app.db
      .selectFrom('activity')
      .select(['detail'])
      .where('source_id', '=', autumn.id)
      .where('action', '=', 'OVERBOOK')
      .executeTakeFirstOrThrow();
    expect(entry.detail).toBe(
      'Sub-renting a deck from Hire Co — Stage deck 1 is on Summer show 3–9 Jun.',
    );
    // The shortage shows wherever the job appears.
    const cal = (
      await call(staff, 'GET', '/calendar?from=2027-06-01&to=2027-06-30')
    ).json() as Calendar;
    expect(cal.jobs.find((j) => j.id === autumn.id)).toMatchObject({
      short: true,
      stage: 'reserved',
    });
  });

  it('a named reservation on a reserved job is refused when another job holds the item', async () => {
    const { items } = await kit('Crate', 1);
    const summer = await job('Crate summer', SUMMER);
    await hold(summer.id, items[0]!.id);
    await reserve(summer.id);
    const autumn = await job('Crate autumn', AUTUMN);
    await reserve(autumn.id);
    const res = await refusedUnchanged(409, () => hold(autumn.id, items[0]!.id));
    expect(errorOf(res).message).toBe('Crate 1 is on Crate summer 3–9 Jun.');
    // Not overlapping: free.
    const later = await job('Crate later', LATER);
    await reserve(later.id);
    expect((await hold(later.id, items[0]!.id)).statusCode).toBe(201);
  });

  it('the last unit by count: the second job is short and refused', async () => {
    const { type } = await kit('Truss', 2);
    const summer = await job('Truss summer', SUMMER);
    await require(summer.id, type.id, 2);
    expect((await reserve(summer.id)).statusCode).toBe(200);
    const autumn = await job('Truss autumn', AUTUMN);
    await require(autumn.id, type.id, 1);
    const res = await refusedUnchanged(409, () => reserve(autumn.id));
    expect(errorOf(res).message).toMatch(
      /^Truss [\d.]+: 1 required, 0 available \(short 1\): Truss summer 3–9 Jun\.$/,
    );
  });

  it('naming an item another job counts on by quantity is refused too', async () => {
    const { type, items } = await kit('Riser', 2);
    const summer = await job('Riser summer', SUMMER);
    await require(summer.id, type.id, 2);
    await reserve(summer.id);
    const autumn = await job('Riser autumn', AUTUMN);
    await reserve(autumn.id);
    expect(errorOf(await refusedUnchanged(409, () => hold(autumn.id, items[0]!.id))).code).toBe(
      'overbooked',
    );
  });

  it('a requirement added or raised on a reserved job is re-checked, and nothing is saved when refused', async () => {
    const { type } = await kit('Cable', 3);
    const summer = await job('Cable summer', SUMMER);
    await require(summer.id, type.id, 2);
    await reserve(summer.id);
    const autumn = await job('Cable autumn', AUTUMN);
    await reserve(autumn.id);
    expect((await require(autumn.id, type.id, 1)).statusCode).toBe(201);
    const raise = (extra: object = {}) =>
      call(staff, 'PUT', `/manifests/${autumn.id}/requirements/${type.id}`, { count: 2, ...extra });
    expect(errorOf(await refusedUnchanged(409, () => raise())).code).toBe('overbooked');
    expect(await t.componentCounts('requirements', autumn.id)).toEqual([
      { component_id: type.id, count: 1 },
    ]);
    const forced = await raise({ override: true, override_note: 'Borrowing two from the depot' });
    expect(forced.statusCode, forced.body).toBe(200);
    // Lowering never needs a check.
    const lower = await call(staff, 'PUT', `/manifests/${autumn.id}/requirements/${type.id}`, {
      count: 1,
    });
    expect(lower.statusCode).toBe(200);
  });

  it('new dates (or prep days) that make a reserved job overlap are refused; the dates stay', async () => {
    const { items } = await kit('Drape', 1);
    const summer = await job('Drape summer', SUMMER);
    await hold(summer.id, items[0]!.id);
    await reserve(summer.id);
    const later = await job('Drape later', { out_date: '2027-06-12', due_date: '2027-06-20' });
    await hold(later.id, items[0]!.id);
    expect((await reserve(later.id)).statusCode).toBe(200);
    const move = await refusedUnchanged(409, () =>
      call(staff, 'PUT', `/manifests/${later.id}`, { out_date: '2027-06-09' }),
    );
    expect(errorOf(move).message).toBe('Drape 1 is on Drape summer 3–9 Jun.');
    // Three days of prep reach back into the summer show's window.
    await refusedUnchanged(409, () =>
      call(staff, 'PUT', `/manifests/${later.id}`, { prep_days: 3 }),
    );
    expect((await t.row('manifests', later.id)).out_date).toBe('2027-06-12');
    const ok = await call(staff, 'PUT', `/manifests/${later.id}`, { prep_days: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ prep_days: 2 });
  });

  it('packing an item another overlapping job holds asks first; the answer is recorded', async () => {
    const { items } = await kit('Flight case', 1);
    const crate = items[0]!;
    const summer = await job('Case summer', SUMMER);
    await hold(summer.id, crate.id);
    await reserve(summer.id);
    const autumn = await job('Case autumn', AUTUMN);
    const pack = (extra: object = {}) =>
      call(staff, 'POST', '/allocate', { id: crate.id, manifest_id: autumn.id, ...extra });
    const asked = await refusedUnchanged(409, () => pack());
    expect(errorOf(asked)).toEqual({
      code: 'reserved_elsewhere',
      message: 'Reserved for Case summer from 3 Jun. Pack it anyway?',
    });
    const packed = await pack({ pack_anyway: true });
    expect(packed.statusCode, packed.body).toBe(200);
    expect((await t.row('items', crate.id)).manifest_id).toBe(autumn.id);
    expect(await activityDetails(t.app.db, autumn.id, 'OVERBOOK')).toEqual([
      'Packed Flight case 1 anyway: reserved for Case summer from 3 Jun',
    ]);
  });
});

describe('availability: how it is counted', () => {
  it('per type: less held by name, packed or out, less unfilled counts, never counting a job twice', async () => {
    const { type, items } = await kit('Deck', 6);
    const summer = await job('Count summer', SUMMER);
    // Requires 3 and names one of them: holds 3, not 4.
    await require(summer.id, type.id, 3);
    await hold(summer.id, items[0]!.id);
    await reserve(summer.id);
    await t.app.db
      .updateTable('items')
      .set({ condition: 'missing' })
      .where('id', '=', items[5]!.id)
      .execute();
    await t.app.db
      .updateTable('items')
      .set({ condition: 'damaged' })
      .where('id', '=', items[4]!.id)
      .execute();
    const a = await availability(`from=2027-06-05&to=2027-06-06&component_id=${type.id}`);
    expect(a.components).toEqual([
      expect.objectContaining({
        total: 6,
        missing: 1,
        held: 1,
        unfilled: 2,
        damaged: 1,
        available: 2,
      }),
    ]);
    const byName = new Map(a.items.map((i) => [i.name, i]));
    expect(byName.get('Deck 1')).toMatchObject({ available: false });
    expect(byName.get('Deck 1')!.held_by.map((b) => b.name)).toEqual(['Count summer']);
    expect(byName.get('Deck 6')).toMatchObject({ available: false, condition: 'missing' });
    expect(byName.get('Deck 5')).toMatchObject({ available: true, condition: 'damaged' });
    // The job itself, asking what it could have.
    const own = (
      await call(staff, 'GET', `/manifests/${summer.id}/availability`)
    ).json() as ManifestAvailability;
    expect(own.requirements).toEqual([
      expect.objectContaining({ required: 3, fulfilled: 1, available: 4, short: 0 }),
    ]);
    // Outside the window nothing is held.
    const after = await availability(`from=2027-08-01&to=2027-08-02&component_id=${type.id}`);
    expect(after.components[0]).toMatchObject({ held: 0, unfilled: 0, available: 5 });
    const free = await availability(
      `from=2027-06-05&to=2027-06-06&component_id=${type.id}&free=true`,
    );
    expect(free.items.map((i) => i.name)).toEqual(['Deck 2', 'Deck 3', 'Deck 4', 'Deck 5']);
  });

  it('"Free from … to …" keeps the search and the item type: "crate free 3–9 Jun"', async () => {
    await refusedUnchanged(400, () =>
      call(staff, 'GET', '/availability?from=2027-06-03&to=2027-06-09&status=Crates'),
    );
    const held = await t.build.item({ name: 'Zinc crate 1', status: 'Crate' });
    await t.build.item({ name: 'Zinc crate 2', status: 'Crate' });
    await t.build.item({ name: 'Zinc crate lamp', status: 'Piece' });
    const show = await job('Zinc show', SUMMER);
    await hold(show.id, held.id);
    await reserve(show.id);
    const names = async (query: string) =>
      (await availability(`from=2027-06-03&to=2027-06-09&free=true&${query}`)).items.map(
        (i) => i.name,
      );
    expect(await names('q=zinc+crate')).toEqual(['Zinc crate 2', 'Zinc crate lamp']);
    expect(await names('q=zinc+crate&status=Crate')).toEqual(['Zinc crate 2']);
    expect(await names('q=zinc&status=Crate&status=Piece')).toEqual([
      'Zinc crate 2',
      'Zinc crate lamp',
    ]);
    // A type without search words lists that type's items too.
    const crates = await names('status=Crate&limit=200');
    expect(crates).toContain('Zinc crate 2');
    expect(crates).not.toContain('Zinc crate 1');
    expect(crates).not.toContain('Zinc crate lamp');
  });

  it('an overdue job keeps its kit: not free later, at risk', async () => {
    const { items, type } = await kit('Overdue deck', 1);
    const late = await job('Late show', { out_date: '2026-01-05', due_date: '2026-01-10' });
    await call(staff, 'POST', '/allocate', { id: items[0]!.id, manifest_id: late.id });
    await dispatchJob(t.app, late.id, staff.member!);
    const a = await availability(`from=2027-06-05&to=2027-06-06&component_id=${type.id}`);
    expect(a.items[0]).toMatchObject({ available: false, at_risk: true });
    expect(a.items[0]!.held_by[0]).toMatchObject({ name: 'Late show', kind: 'out', overdue: true });
    expect(a.components[0]).toMatchObject({ held: 1, available: 0 });
  });

  it("an item's bookings list its jobs and the next one", async () => {
    const {
      item,
      holders: [, later],
    } = await deckHeldBy('Booked deck', ['Booked summer', SUMMER], ['Booked later', LATER]);
    await reserve(later!.id);
    const b = (await call(staff, 'GET', `/items/${item.id}/bookings`)).json() as ItemBookings;
    expect(b.bookings.map((x) => [x.name, x.kind])).toEqual([
      ['Booked later', 'reserved'],
      ['Booked summer', 'planned'],
    ]);
    expect(b.next).toMatchObject({ name: 'Booked later', from: '2027-07-01' });
  });

  it('unreserving lets go: the other job may then reserve', async () => {
    const {
      item,
      holders: [summer, autumn],
    } = await deckHeldBy('Let go deck', ['Let go summer', SUMMER], ['Let go autumn', AUTUMN]);
    await reserve(summer!.id);
    expect((await reserve(autumn!.id)).statusCode).toBe(409);
    const back = await call(staff, 'POST', `/manifests/${summer!.id}/unreserve`);
    expect(back.json()).toMatchObject({ stage: 'planning' });
    expect((await reserve(autumn!.id)).statusCode).toBe(200);
    const removed = await call(staff, 'DELETE', `/manifests/${summer!.id}/reservations`, {
      item_id: item.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.count('reservations')).toBeGreaterThan(0);
  });
});

describe('the calendar', () => {
  /** The calendar's flag for each job it lists, and what that job's own availability says. */
  async function flags(range: string) {
    const cal = (await call(staff, 'GET', `/calendar?${range}`)).json() as Calendar;
    return Promise.all(
      cal.jobs.map(async (j) => {
        const own = (
          await call(staff, 'GET', `/manifests/${j.id}/availability`)
        ).json() as ManifestAvailability;
        return { name: j.name, items: j.items_count, calendar: j.short, own: own.short };
      }),
    );
  }

  it("flags a shortage exactly where each job's own availability does", async () => {
    const deck = await kit('Cal deck', 4);
    const truss = await kit('Cal truss', 3);
    await t.app.db
      .updateTable('items')
      .set({ condition: 'missing' })
      .where('id', '=', truss.items[2]!.id)
      .execute();
    const override = { override: true, override_note: 'Sub-hired' };
    // Out since January and overdue: its deck is away until it is back.
    const late = await job('Cal late', { out_date: '2026-01-05', due_date: '2026-01-10' });
    await call(staff, 'POST', '/allocate', { id: deck.items[3]!.id, manifest_id: late.id });
    await dispatchJob(t.app, late.id, staff.member!);
    // Needs two decks and names one; free: 4 less the late deck.
    const spring = await job('Cal spring', { out_date: '2028-03-01', due_date: '2028-03-10' });
    await require(spring.id, deck.type.id, 2);
    await hold(spring.id, deck.items[0]!.id);
    expect((await reserve(spring.id)).statusCode).toBe(200);
    // A draft wanting three while spring holds one and still needs one: short.
    const draft = await job('Cal draft', { out_date: '2028-03-05', due_date: '2028-03-08' });
    await require(draft.id, deck.type.id, 3);
    // Prep days widen it into nothing: one deck is plenty.
    const gig = await job('Cal gig', {
      out_date: '2028-03-14',
      due_date: '2028-03-15',
      prep_days: 2,
    });
    await require(gig.id, deck.type.id, 1);
    expect((await reserve(gig.id)).statusCode).toBe(200);
    // A missing truss named: short.
    const lost = await job('Cal lost', { out_date: '2028-03-20', due_date: '2028-03-22' });
    await hold(lost.id, truss.items[2]!.id);
    // A tour reaching past the month, and an April job inside the tour's window but after
    // the month holding its truss too (overbooked on purpose): the tour is short, though
    // the job in its way is not on this calendar.
    const tour = await job('Cal tour', { out_date: '2028-03-25', due_date: '2028-04-20' });
    await hold(tour.id, truss.items[0]!.id);
    expect((await reserve(tour.id)).statusCode).toBe(200);
    const april = await job('Cal april', { out_date: '2028-04-10', due_date: '2028-04-15' });
    await hold(april.id, truss.items[0]!.id);
    expect((await reserve(april.id, override)).statusCode).toBe(200);

    const march = await flags('from=2028-03-01&to=2028-03-31');
    expect(march.map((j) => [j.name, j.items, j.calendar])).toEqual([
      ['Cal spring', 1, false],
      ['Cal draft', 0, true],
      ['Cal gig', 0, false],
      ['Cal lost', 1, true],
      ['Cal tour', 1, true],
    ]);
    for (const j of march) expect(j.calendar, j.name).toBe(j.own);
    // Every range agrees with each job's own answer, wherever it starts and ends.
    for (const range of [
      'from=2028-03-09&to=2028-03-14',
      'from=2028-04-01&to=2028-04-30',
      'from=2028-02-01&to=2028-05-31',
    ]) {
      for (const j of await flags(range)) expect(j.calendar, `${j.name} ${range}`).toBe(j.own);
    }
  });
});
