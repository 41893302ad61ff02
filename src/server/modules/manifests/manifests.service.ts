import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type {
  DuplicateManifestInput,
  ManifestRecord,
  ManifestInput,
  ManifestUpdateInput,
} from '../../../common/schemas/manifest.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Status } from '../../../common/status.ts';
import type { Stage } from '../../../common/round-trip.ts';
import type { Database, ManifestsTable } from '../../db/schema.ts';
import { badRequest, notFound, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { assertReferencesExist } from '../catalog/references.ts';
import { onManifest } from '../containers/containers.repo.ts';
import { changeItemSet } from '../items/item-set-changes.service.ts';
import { EVERYTHING, scopeOf, type Scope } from '../catalog/scope.ts';
import { manifestsRepo, type ManifestChanges, type ManifestRow } from './manifests.repo.ts';
import { assertStageAllows } from '../round-trip/stage-guard.ts';
import { requirementsRepo } from './requirements.repo.ts';
import { datesChanged, storeWindow } from '../reservations/reservations.service.ts';
import type { OverrideOptions } from '../reservations/reservation-checks.ts';

export function toManifest(row: ManifestRow): ManifestRecord {
  // Only statusInput ever writes the column, so a stored value is one of the statuses.
  return { ...row, status: row.status as Status | null, stage: row.stage as Stage };
}

/**
 * The manifest, or 404. Reads pass the caller's scope, so a manifest of another client
 * is "not found" to a client user; writes (staff only) see everything.
 */
export async function findManifest(
  db: Kysely<Database>,
  id: string,
  scope: Scope,
): Promise<ManifestRow> {
  const row = await manifestsRepo.find(db, id, scope);
  if (!row) throw notFound('Manifest');
  return row;
}

/**
 * The caller's scope once the manifest is visible in it: a manifest of another client is
 * "not found" for a client user, and so are its items and returns.
 */
export async function manifestScope(app: FastifyInstance, manifestId: string, user: CurrentUser) {
  const scope = scopeOf(user);
  await findManifest(app.db, manifestId, scope);
  return scope;
}

/** One date given on update is checked against the other as stored. */
async function checkDates(db: Kysely<Database>, id: string, changes: ManifestChanges) {
  if (changes.out_date === undefined && changes.due_date === undefined) return;
  const current = await findManifest(db, id, EVERYTHING);
  const out = changes.out_date === undefined ? current.out_date : changes.out_date;
  const due = changes.due_date === undefined ? current.due_date : changes.due_date;
  if (out && due && due < out) throw badRequest('The due date cannot be before the out date.');
}

/** '' and whitespace are "no note"; the schema has already trimmed. */
const noteValue = (note: string | null | undefined) =>
  note === undefined ? undefined : note || null;

export async function listManifests(
  app: FastifyInstance,
  user: CurrentUser,
): Promise<ManifestRecord[]> {
  const rows = await manifestsRepo.list(app.db, app.dialect, scopeOf(user));
  return rows.map(toManifest);
}

export async function getManifest(
  app: FastifyInstance,
  id: string,
  user: CurrentUser,
): Promise<ManifestRecord> {
  return toManifest(await findManifest(app.db, id, scopeOf(user)));
}

type NewManifest = Pick<
  ManifestsTable,
  'name' | 'note' | 'status' | 'client_id' | 'out_date' | 'due_date'
> & { prep_days: number; turnaround_days: number };

/**
 * Writes a new manifest (created or duplicated) with its CREATE entry, in one transaction
 * with what `prepare` checks and what its `fill` adds (a duplicate's requirements).
 */
async function insertManifest(
  app: FastifyInstance,
  actor: Actor | null,
  prepare: (trx: Transaction<Database>) => Promise<{
    row: NewManifest;
    fill?: (id: string, now: string) => Promise<void>;
  }>,
): Promise<ManifestRecord> {
  const id = newId();
  const now = nowIso();
  return app.db.transaction().execute(async (trx) => {
    const { row, fill } = await prepare(trx);
    await manifestsRepo.insert(trx, { id, ...row, created_at: now, updated_at: now });
    // A new job is planning: it holds nothing, but its window is stored for the planner.
    await storeWindow(trx, id, row);
    await fill?.(id, now);
    await entityActivity(trx, 'MANIFEST', actor, { id, name: row.name }, 'CREATE');
    return toManifest((await manifestsRepo.find(trx, id, EVERYTHING))!);
  });
}

export async function createManifest(
  app: FastifyInstance,
  input: ManifestInput,
  actor: Actor | null,
): Promise<ManifestRecord> {
  return insertManifest(app, actor, async (trx) => {
    await assertReferencesExist(trx, { client_id: input.client_id });
    const row = {
      name: input.name,
      note: noteValue(input.note) ?? null,
      status: input.status ?? null,
      client_id: input.client_id ?? null,
      out_date: input.out_date ?? null,
      due_date: input.due_date ?? null,
      prep_days: input.prep_days ?? 0,
      turnaround_days: input.turnaround_days ?? 0,
    };
    return { row };
  });
}

/**
 * Fields left out keep their value (the spec's form never sends client_id; ours sends
 * only what its user changed). With `expected`, a 409 carrying the current manifest when
 * it changed since that version.
 */
export async function updateManifest(
  app: FastifyInstance,
  id: string,
  input: ManifestUpdateInput & OverrideOptions,
  actor: Actor | null,
  expected?: ExpectedVersion,
): Promise<ManifestRecord> {
  const changes: ManifestChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.note !== undefined) changes.note = noteValue(input.note);
  if (input.status !== undefined) changes.status = input.status;
  if (input.client_id !== undefined) changes.client_id = input.client_id;
  if (input.out_date !== undefined) changes.out_date = input.out_date;
  if (input.due_date !== undefined) changes.due_date = input.due_date;
  if (input.prep_days !== undefined) changes.prep_days = input.prep_days;
  if (input.turnaround_days !== undefined) changes.turnaround_days = input.turnaround_days;
  if (Object.keys(changes).length === 0) throw badRequest('Send at least one field to change.');
  const windowMoves = (['out_date', 'due_date', 'prep_days', 'turnaround_days'] as const).some(
    (f) => changes[f] !== undefined,
  );
  const now = nowIso();
  return app.db.transaction().execute(async (trx) => {
    const before = await findManifest(trx, id, EVERYTHING);
    await assertReferencesExist(trx, { client_id: input.client_id });
    await checkDates(trx, id, changes);
    if (!(await manifestsRepo.update(trx, id, changes, now, expected))) {
      throw staleVersion('Manifest', toManifest(await findManifest(trx, id, EVERYTHING)));
    }
    const name = changes.name ?? before.name;
    await entityActivity(trx, 'MANIFEST', actor, { id, name }, 'UPDATE');
    // New dates on a reserved job are re-checked here, with the same 409 as reserving.
    if (windowMoves) await datesChanged(trx, id, input, actor);
    return toManifest((await manifestsRepo.find(trx, id, EVERYTHING))!);
  });
}

/**
 * Deleting a manifest unpacks it: its items are taken off it (and otherwise kept) and
 * its requirements go with it, all in one transaction with the feed entry.
 */
export async function deleteManifest(
  app: FastifyInstance,
  id: string,
  actor: Actor | null,
): Promise<void> {
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, id, EVERYTHING);
    assertStageAllows(toManifest(manifest).stage, 'delete');
    // Its items are taken off it and keep everything else; their versions move.
    await changeItemSet(trx, onManifest(id), { manifest_id: null }, now);
    await requirementsRepo.deleteAll(trx, id);
    await manifestsRepo.delete(trx, id);
    await entityActivity(trx, 'MANIFEST', actor, manifest, 'DELETE');
  });
}

/**
 * A new manifest with the given name, the same client and requirements as the original,
 * and the given note and status (the original's when left out). Items are not copied:
 * an item can be on one manifest only.
 */
export async function duplicateManifest(
  app: FastifyInstance,
  input: DuplicateManifestInput,
  actor: Actor | null,
): Promise<ManifestRecord> {
  return insertManifest(app, actor, async (trx) => {
    const source = await findManifest(trx, input.id, EVERYTHING);
    const row = {
      name: input.name,
      note: input.note === undefined ? source.note : (noteValue(input.note) ?? null),
      status: input.status === undefined ? source.status : input.status,
      client_id: source.client_id,
      out_date: null,
      due_date: null,
      prep_days: source.prep_days,
      turnaround_days: source.turnaround_days,
    };
    return { row, fill: (id, now) => requirementsRepo.copy(trx, source.id, id, now) };
  });
}
