import type { Kysely, Transaction } from 'kysely';
import { MAX_CONTAINER_DEPTH } from '../../../common/round-trip.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import {
  itemEntry,
  recordActivities,
  type ActivityInput,
  type Actor,
} from '../activity/activity.repo.ts';
import { assertReferencesExist } from '../catalog/references.ts';
import { covers, EVERYTHING, type Scope } from '../catalog/scope.ts';
import { containersRepo } from '../containers/containers.repo.ts';
import {
  applyPlacement,
  DEPTH_MESSAGE,
  LOOP_MESSAGE,
  conditionChangeEntry,
} from '../containers/placement.service.ts';
import { manifestsRepo } from '../manifests/manifests.repo.ts';
import { itemChangesRepo, type StoredItem } from './item-changes.repo.ts';
import { manifestChangeRefusal, type ManifestStage } from './item-stage-guards.ts';
import { itemsRepo, itemValues, type ItemValues } from './items.repo.ts';
import { checkFields } from './item-set-changes.service.ts';
import { refreshItemSearchMany } from './search.repo.ts';
import { guardPacking, type PackingMove } from '../reservations/packing-guard.ts';
import { timeSlices, type TimeSlices } from '../../lib/time-slices.ts';

/**
 * The one door for item changes (docs/decisions.md, "One door for item changes"). Every
 * path that changes an item's fields (the item API, allocation, Fill, the offline queue's
 * replays, the CSV import) hands a batch of intended changes to this module, which checks
 * them in one order (fields with the contract's schemas, references and scope, placement
 * against the stored tree plus the batch, the stage guards) and writes them with search
 * and activity in the caller's transaction.
 */

export interface ItemChange {
  id: string;
  /** True: a new item. */
  create: boolean;
  /** The fields to set; absent ones stay. */
  values: Partial<ItemValues>;
  /** With a version, only while the item is still at it (409 with the item otherwise). */
  expected?: ExpectedVersion;
}

export interface WriteContext {
  dialect: Dialect;
  actor: Actor | null;
  /** Whose items the caller may change: nothing outside it is written. */
  scope: Scope;
  /** The answer to "Reserved for … Pack it anyway?" (reservations/packing-guard.ts). */
  packAnyway?: boolean;
}

/** A change the rules refuse: its index in the batch, the field at fault, the API's answer. */
export interface ItemProblem {
  index: number;
  field: keyof ItemValues | null;
  error: AppError;
}

/** Walks over the tree stop here even if the stored data ever held a loop. */
const WALK_LIMIT = MAX_CONTAINER_DEPTH * 2;

/**
 * Takes the tree lock (PostgreSQL) before anything about the tree is read: a write path
 * that resolves names or ids against stored items (the import) calls it first, so what it
 * read is what it writes over. Every check below takes it too.
 */
export async function lockItemTree(trx: Kysely<Database>, dialect: Dialect): Promise<void> {
  await containersRepo.lockTree(trx, dialect);
}

/**
 * Checks a batch without writing anything, and completes each change with what follows
 * from it (an item put into a container takes the container's location, and its manifest
 * when it has one). Returns the problems, at most one per change; an empty list means
 * `writeItemChanges` may write the batch as it is now.
 */
export async function checkItemChanges(
  db: Kysely<Database>,
  context: WriteContext,
  changes: ItemChange[],
  /** Catalog rows (clients, locations...) the caller creates with the batch: they exist. */
  creating: ReadonlySet<string> = new Set(),
  /** A batch of 50,000 rows (an import) lets other requests in between (lib/time-slices.ts). */
  slices: TimeSlices = timeSlices(),
): Promise<ItemProblem[]> {
  const problems: ItemProblem[] = [];
  // A set, not problems.some(): a batch of 50,000 refused rows would be quadratic.
  const refused = new Set<number>();
  const refuse = (index: number, field: keyof ItemValues | null, error: AppError) => {
    if (refused.has(index)) return;
    refused.add(index);
    problems.push({ index, field, error });
  };
  if (changes.some((c) => c.values.container_id !== undefined))
    await lockItemTree(db, context.dialect);
  const tree = new TreeView(db, changes);
  await tree.loadAround();

  for (const [index, change] of changes.entries()) {
    await slices.pause();
    const fieldProblem = checkFields(change.values);
    if (fieldProblem) {
      refuse(index, fieldProblem.field, badRequest(fieldProblem.message));
      continue;
    }
    const before = tree.stored.get(change.id) ?? null;
    if (!change.create && !before) {
      refuse(index, null, new AppError(404, 'not_found', 'Item not found.'));
      continue;
    }
    if (before && !covers(context.scope, before.client_id)) {
      refuse(index, null, new AppError(404, 'not_found', 'Item not found.'));
      continue;
    }
    try {
      // Containers are items: one of the batch's own new rows counts as existing.
      const { container_id: containerId, ...values } = change.values;
      const references = Object.fromEntries(
        (['client_id', 'location_id', 'component_id', 'manifest_id'] as const).map((f) => [
          f,
          values[f] && !creating.has(values[f]) ? values[f] : null,
        ]),
      );
      await assertReferencesExist(db, references);
      if (containerId && !tree.exists(containerId)) {
        throw badRequest('That container does not exist.');
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refuse(index, referenceFieldOf(error.message), error);
    }
  }

  for (const [index, change] of changes.entries()) {
    await slices.pause();
    if (refused.has(index)) continue;
    const placement = tree.placementProblem(change);
    if (placement) refuse(index, 'container_id', placement);
  }

  const stages = new Map<string, ManifestStage | undefined>();
  const stageOf = async (id: string | null | undefined) => {
    if (!id) return undefined;
    if (!stages.has(id)) stages.set(id, await manifestsRepo.find(db, id, context.scope));
    return stages.get(id);
  };
  for (const [index, change] of changes.entries()) {
    await slices.pause();
    if (refused.has(index)) continue;
    tree.completePlacement(change);
    const before = tree.stored.get(change.id) ?? null;
    const manifestId = change.values.manifest_id;
    if (manifestId === undefined || manifestId === (before?.manifest_id ?? null)) continue;
    const refusal = manifestChangeRefusal(
      before,
      await stageOf(before?.manifest_id),
      await stageOf(manifestId),
    );
    if (refusal) {
      const field =
        change.values.container_id && tree.followsContainer(change)
          ? 'container_id'
          : 'manifest_id';
      refuse(index, field, refusal);
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}

const REFERENCE_MESSAGES: Record<string, keyof ItemValues> = {
  'That client does not exist.': 'client_id',
  'That location does not exist.': 'location_id',
  'That component does not exist.': 'component_id',
  'That manifest does not exist.': 'manifest_id',
  'That container does not exist.': 'container_id',
};
const referenceFieldOf = (message: string) => REFERENCE_MESSAGES[message] ?? null;

/**
 * The container tree as it will be once the batch is written: the stored rows around the
 * batch (loaded up to the outermost container), with the batch's own rows over them.
 */
class TreeView {
  readonly stored = new Map<string, StoredItem>();
  private readonly batch = new Map<string, ItemChange>();
  private readonly below = new Map<string, number>();

  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>, changes: ItemChange[]) {
    this.db = db;
    for (const c of changes) this.batch.set(c.id, c);
  }

  async loadAround(): Promise<void> {
    const wanted = new Set<string>();
    for (const c of this.batch.values()) {
      if (!c.create) wanted.add(c.id);
      if (c.values.container_id) wanted.add(c.values.container_id);
    }
    let next = [...wanted];
    for (let level = 0; next.length > 0 && level <= WALK_LIMIT; level++) {
      for (const row of await itemChangesRepo.stored(this.db, next)) this.stored.set(row.id, row);
      next = [
        ...new Set(
          [...this.stored.values()]
            .map((r) => r.container_id)
            .filter((id): id is string => Boolean(id) && !this.stored.has(id!)),
        ),
      ];
    }
    const moved = [...this.batch.values()].filter(
      (c) => !c.create && c.values.container_id !== undefined,
    );
    for (const [id, levels] of await itemChangesRepo.levelsBelow(
      this.db,
      moved.map((c) => c.id),
    )) {
      this.below.set(id, levels);
    }
  }

  exists(id: string): boolean {
    return this.stored.has(id) || this.batch.get(id)?.create === true;
  }

  private parentOf(id: string): string | null {
    const change = this.batch.get(id);
    if (change && change.values.container_id !== undefined) return change.values.container_id;
    return this.stored.get(id)?.container_id ?? null;
  }

  /** How many levels hang below `id` once the batch is written (stored, or the batch's). */
  private levelsBelow(id: string, seen: string[] = []): number {
    let levels = this.below.get(id) ?? 0;
    if (seen.length > WALK_LIMIT) return levels;
    for (const c of this.batch.values()) {
      if (c.values.container_id === id && !seen.includes(c.id)) {
        levels = Math.max(levels, 1 + this.levelsBelow(c.id, [...seen, id]));
      }
    }
    return levels;
  }

  /** A loop or a chain deeper than the limit that this change would make, or null. */
  placementProblem(change: ItemChange): AppError | null {
    const containerId = change.values.container_id;
    if (!containerId) return null;
    let above = 0;
    const seen = new Set<string>();
    for (let at: string | null = containerId; at; at = this.parentOf(at)) {
      if (at === change.id || seen.has(at) || above > WALK_LIMIT) {
        return conflict(LOOP_MESSAGE, 'container_loop');
      }
      seen.add(at);
      above++;
    }
    const below = change.create ? this.levelsBelow(change.id) : this.levelsBelow(change.id);
    if (above + 1 + below > MAX_CONTAINER_DEPTH) return conflict(DEPTH_MESSAGE, 'container_depth');
    return null;
  }

  /** Whether the change's manifest comes from its container rather than from the caller. */
  followsContainer(change: ItemChange): boolean {
    return this.followed.has(change.id);
  }
  private readonly followed = new Set<string>();

  /** Where `id` sits once the batch is written: its location and manifest. */
  private place(id: string, depth = 0): { location_id: string | null; manifest_id: string | null } {
    const change = this.batch.get(id);
    const stored = this.stored.get(id);
    const own = {
      location_id:
        change?.values.location_id !== undefined
          ? change.values.location_id
          : (stored?.location_id ?? null),
      manifest_id:
        change?.values.manifest_id !== undefined
          ? change.values.manifest_id
          : (stored?.manifest_id ?? null),
    };
    const parent = this.parentOf(id);
    if (!parent || depth > WALK_LIMIT) return own;
    const outer = this.place(parent, depth + 1);
    return { location_id: outer.location_id, manifest_id: outer.manifest_id ?? own.manifest_id };
  }

  /** An item put into a container takes its location, and its manifest when it has one. */
  completePlacement(change: ItemChange): void {
    const containerId = change.values.container_id;
    if (!containerId) return;
    const outer = this.place(containerId);
    change.values.location_id = outer.location_id;
    if (outer.manifest_id) {
      if (
        change.values.manifest_id === undefined ||
        change.values.manifest_id !== outer.manifest_id
      ) {
        this.followed.add(change.id);
      }
      change.values.manifest_id = outer.manifest_id;
    }
  }
}

/** The first problem as the API answers it: the item API refuses a batch of one. */
export function throwFirst(problems: ItemProblem[]): void {
  if (problems.length > 0) throw problems[0]!.error;
}

/** How a written batch is told in the feed: each item on its own, or one import entry. */
export type ChangeActivity = { kind: 'each' } | { kind: 'none' };

/**
 * Writes a batch `checkItemChanges` passed, in the caller's transaction: the rows
 * (creates in one INSERT per batch of rows, containers set once every row exists, edits
 * in one UPDATE per batch of rows), what
 * follows from them (contents follow their container's location and manifest; an item
 * joining a job that is out goes out with it), the search documents, and the feed.
 * Re-checks the tree afterwards under the same lock: no write ever leaves a loop or a
 * chain deeper than the limit, whatever raced it.
 */
export async function writeItemChanges(
  trx: Transaction<Database>,
  context: WriteContext,
  changes: ItemChange[],
  now: string,
  activity: ChangeActivity = { kind: 'each' },
): Promise<void> {
  if (changes.length === 0) return;
  const before = new Map(
    (
      await itemChangesRepo.stored(
        trx,
        changes.filter((c) => !c.create).map((c) => c.id),
      )
    ).map((r) => [r.id, r]),
  );
  const creates = changes.filter((c) => c.create);
  await itemChangesRepo.insert(
    trx,
    creates.map((c) => ({ id: c.id, values: itemValues({ ...c.values, container_id: null }) })),
    now,
  );
  await itemChangesRepo.setContainers(
    trx,
    creates.flatMap((c) =>
      c.values.container_id ? [{ id: c.id, containerId: c.values.container_id }] : [],
    ),
  );
  const [missed] = await itemChangesRepo.updateMany(
    trx,
    changes.filter((c) => !c.create),
    now,
  );
  if (missed) {
    const latest = await itemsRepo.find(trx, missed, context.scope);
    throw latest ? staleVersion('Item', latest) : new AppError(404, 'not_found', 'Item not found.');
  }
  await assertTreeHolds(trx, changes);

  const contents = new Map<string, number>();
  for (const change of changes) {
    const was = before.get(change.id) ?? null;
    const after = { ...(was ?? itemValues({})), ...change.values, id: change.id };
    const effects = await applyPlacement(trx, was, after, now);
    contents.set(change.id, effects.contents);
  }
  const renamed = changes.filter(
    (c) => !c.create && c.values.name !== undefined && c.values.name !== before.get(c.id)?.name,
  );
  const inside = (
    await Promise.all(renamed.map((c) => containersRepo.directContentIds(trx, c.id)))
  ).flat();
  await refreshItemSearchMany(trx, [...changes.map((c) => c.id), ...inside]);

  if (activity.kind !== 'each') return;
  // The feed in one INSERT: each item's entry, then its condition's when it tells one.
  const entries: ActivityInput[] = [];
  for (const change of changes) {
    const was = before.get(change.id) ?? null;
    const after = { ...(was ?? itemValues({})), ...change.values, id: change.id };
    entries.push(
      itemEntry(context.actor, after, change.create ? 'CREATE' : 'UPDATE', {
        detail: was ? await placementDetail(trx, was, after, contents.get(change.id) ?? 0) : null,
      }),
    );
    const condition =
      was &&
      conditionChangeEntry(
        { id: change.id, name: after.name },
        was.condition,
        after.condition,
        after.condition_note,
        context.actor,
      );
    if (condition) entries.push(condition);
  }
  await recordActivities(trx, entries);
}

/** The guarantee behind the checks: after the writes, no changed item sits in a loop or too deep. */
async function assertTreeHolds(trx: Kysely<Database>, changes: ItemChange[]): Promise<void> {
  for (const change of changes) {
    if (!change.values.container_id) continue;
    const above = await containersRepo.chainAbove(trx, change.id, EVERYTHING);
    if (above.some((c) => c.id === change.id) || above.length > MAX_CONTAINER_DEPTH) {
      throw conflict(LOOP_MESSAGE, 'container_loop');
    }
    const below = await containersRepo.levelsBelow(trx, change.id);
    if (above.length + 1 + below > MAX_CONTAINER_DEPTH) {
      throw conflict(DEPTH_MESSAGE, 'container_depth');
    }
  }
}

/** "put into Crate 0321, 14 items inside moved with it" for the feed; null when nothing. */
async function placementDetail(
  trx: Kysely<Database>,
  before: { container_id: string | null },
  after: { container_id: string | null },
  contents: number,
): Promise<string | null> {
  const parts: string[] = [];
  if (after.container_id !== before.container_id) {
    parts.push(
      after.container_id
        ? `put into ${(await nameOf(trx, after.container_id)) ?? 'a container'}`
        : `taken out of ${(before.container_id && (await nameOf(trx, before.container_id))) || 'its container'}`,
    );
  }
  if (contents > 0)
    parts.push(`${contents} ${contents === 1 ? 'item' : 'items'} inside moved with it`);
  return parts.length ? parts.join(', ') : null;
}

const nameOf = async (trx: Kysely<Database>, id: string) => (await itemsRepo.ref(trx, id))?.name;

/**
 * The API's door: checks a batch and writes it, or throws the first refusal (nothing
 * written). The item API, allocation, Fill and the offline queue's replays come here.
 */
export async function changeItems(
  trx: Transaction<Database>,
  context: WriteContext,
  changes: ItemChange[],
  now: string,
): Promise<void> {
  throwFirst(await checkItemChanges(trx, context, changes));
  await guardMoves(trx, context, changes);
  await writeItemChanges(trx, context, changes, now);
}

/** The changes that put an existing item onto a job (packing, which may ask first). */
export const movesOf = (changes: ItemChange[]): PackingMove[] =>
  changes.flatMap((c) =>
    !c.create && c.values.manifest_id ? [{ itemId: c.id, manifestId: c.values.manifest_id }] : [],
  );

/**
 * Packing an item another overlapping job holds asks first, or is recorded as answered
 * (context.packAnyway): every writer through the door (the API, the CSV import) calls it.
 */
export async function guardMoves(
  trx: Transaction<Database>,
  context: WriteContext,
  changes: ItemChange[],
): Promise<void> {
  const moves = movesOf(changes);
  if (moves.length > 0) await guardPacking(trx, moves, context);
}
