import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, InspectionAttachmentsTable } from '../../db/schema.ts';
import type { InspectionResult } from '../../../common/inspections.ts';
import { bumpVersion, rowsMatched, type ExpectedVersion } from '../../db/versioning.ts';
import { inScope, type Scope } from '../catalog/scope.ts';

/** Inspection kinds, inspections, their attachments, and the digest's rows (migration 021). */

export interface KindRow {
  id: string;
  component_id: string;
  component_name: string;
  name: string;
  interval_days: number;
  blocks_dispatch: number;
  version: number;
  updated_at: string;
}

/** One item with one kind of its component type, and the latest inspection of that kind. */
export interface ScheduleRow {
  item_id: string;
  item_name: string | null;
  kind_id: string;
  kind_name: string;
  interval_days: number;
  blocks_dispatch: number;
  last_result: InspectionResult | null;
  last_date: string | null;
}

const kindRows = (db: Kysely<Database>) =>
  db
    .selectFrom('inspection_kinds as k')
    .innerJoin('components as c', 'c.id', 'k.component_id')
    .select([
      'k.id',
      'k.component_id',
      'c.name as component_name',
      'k.name',
      'k.interval_days',
      'k.blocks_dispatch',
      'k.version',
      'k.updated_at',
    ]);

export const inspectionKindsRepo = {
  list: (db: Kysely<Database>): Promise<KindRow[]> =>
    kindRows(db).orderBy('c.name').orderBy('k.name').execute(),

  find: (db: Kysely<Database>, id: string): Promise<KindRow | undefined> =>
    kindRows(db).where('k.id', '=', id).executeTakeFirst(),

  async nameTaken(db: Kysely<Database>, componentId: string, name: string, except?: string) {
    const row = await db
      .selectFrom('inspection_kinds')
      .select('id')
      .where('component_id', '=', componentId)
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .$if(except !== undefined, (q) => q.where('id', '<>', except!))
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(
    db: Kysely<Database>,
    row: {
      id: string;
      component_id: string;
      name: string;
      interval_days: number;
      blocks_dispatch: boolean;
    },
    now: string,
  ): Promise<void> {
    await db
      .insertInto('inspection_kinds')
      .values({
        ...row,
        blocks_dispatch: row.blocks_dispatch ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  },

  async update(
    db: Kysely<Database>,
    id: string,
    values: { name?: string; interval_days?: number; blocks_dispatch?: boolean },
    now: string,
    expected: ExpectedVersion,
  ): Promise<boolean> {
    const query = db
      .updateTable('inspection_kinds')
      .set({
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.interval_days !== undefined ? { interval_days: values.interval_days } : {}),
        ...(values.blocks_dispatch !== undefined
          ? { blocks_dispatch: values.blocks_dispatch ? 1 : 0 }
          : {}),
        updated_at: now,
      })
      .where('id', '=', id);
    return rowsMatched(await bumpVersion(query, expected).executeTakeFirst());
  },

  async remove(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('inspection_kinds').where('id', '=', id).execute();
  },

  async inspectionCount(db: Kysely<Database>, kindId: string): Promise<number> {
    const row = await db
      .selectFrom('inspections')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind_id', '=', kindId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

export interface InspectionRow {
  id: string;
  item_id: string;
  kind_id: string;
  kind_name: string;
  result: InspectionResult;
  date: string;
  note: string | null;
  inspector: string | null;
  recorded_by_email: string | null;
  created_at: string;
}

/** An attachment as stored; its creation time is the inspection's write time. */
export type AttachmentRow = Omit<InspectionAttachmentsTable, 'created_at'>;

/** The latest inspection of the kind on the item: by its date, then by when it was recorded. */
const latest = (column: 'result' | 'date') =>
  sql<string | null>`(SELECT i.${sql.raw(column)} FROM inspections i
    WHERE i.item_id = it.id AND i.kind_id = k.id
    ORDER BY i.date DESC, i.created_at DESC LIMIT 1)`;

export const inspectionsRepo = {
  async insert(
    db: Kysely<Database>,
    row: {
      id: string;
      item_id: string;
      kind_id: string;
      result: InspectionResult;
      date: string;
      note: string | null;
      inspector: string | null;
      recorded_by: string | null;
    },
    now: string,
  ): Promise<void> {
    await db
      .insertInto('inspections')
      .values({ ...row, created_at: now })
      .execute();
  },

  async insertAttachments(db: Kysely<Database>, rows: AttachmentRow[], now: string): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('inspection_attachments')
      .values(rows.map((r) => ({ ...r, created_at: now })))
      .execute();
  },

  /** An item's inspections, newest first. */
  forItem: (db: Kysely<Database>, itemId: string): Promise<InspectionRow[]> =>
    db
      .selectFrom('inspections as i')
      .innerJoin('inspection_kinds as k', 'k.id', 'i.kind_id')
      .leftJoin('users as u', 'u.id', 'i.recorded_by')
      .select([
        'i.id',
        'i.item_id',
        'i.kind_id',
        'k.name as kind_name',
        'i.result',
        'i.date',
        'i.note',
        'i.inspector',
        'u.email as recorded_by_email',
        'i.created_at',
      ])
      .where('i.item_id', '=', itemId)
      .orderBy('i.date', 'desc')
      .orderBy('i.created_at', 'desc')
      .execute(),

  async attachmentsOf(db: Kysely<Database>, inspectionIds: string[]): Promise<AttachmentRow[]> {
    if (inspectionIds.length === 0) return [];
    return db
      .selectFrom('inspection_attachments')
      .select(['id', 'inspection_id', 'storage_key', 'filename', 'content_type', 'size'])
      .where('inspection_id', 'in', inspectionIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** One attachment with the item its inspection is of (for the reader's scope). */
  attachment: (db: Kysely<Database>, inspectionId: string, id: string) =>
    db
      .selectFrom('inspection_attachments as a')
      .innerJoin('inspections as i', 'i.id', 'a.inspection_id')
      .innerJoin('items as it', 'it.id', 'i.item_id')
      .select(['a.storage_key', 'a.filename', 'a.content_type', 'a.size', 'it.client_id'])
      .where('a.inspection_id', '=', inspectionId)
      .where('a.id', '=', id)
      .executeTakeFirst(),

  /**
   * Each (item, kind) pair among items of a component type that has inspection kinds, with
   * the latest inspection of that kind: the due lists and dispatch work from these.
   * `within` narrows to some items (one item, a job's: a subquery of ids), `scope` to a
   * client's.
   */
  async schedule(
    db: Kysely<Database>,
    options: { within?: RawBuilder<unknown>; scope: Scope },
  ): Promise<ScheduleRow[]> {
    const rows = await db
      .selectFrom('items as it')
      .innerJoin('inspection_kinds as k', 'k.component_id', 'it.component_id')
      .select([
        'it.id as item_id',
        'it.name as item_name',
        'k.id as kind_id',
        'k.name as kind_name',
        'k.interval_days',
        'k.blocks_dispatch',
        latest('result').as('last_result'),
        latest('date').as('last_date'),
      ])
      .where(inScope(options.scope, 'it.client_id'))
      .$if(options.within !== undefined, (q) => q.where(sql<boolean>`it.id IN ${options.within}`))
      .orderBy('it.id')
      .orderBy('k.name')
      .execute();
    return rows.map((r) => ({ ...r, last_result: r.last_result as InspectionResult | null }));
  },

  /** Members who switched the digest on (staff and admins only: client users get none). */
  digestMembers: (db: Kysely<Database>) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('digest_opt_in', '=', 1)
      .where('client_id', 'is', null)
      .orderBy('email')
      .execute(),

  async digestOptIn(db: Kysely<Database>, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('digest_opt_in')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.digest_opt_in === 1;
  },

  async setDigestOptIn(db: Kysely<Database>, userId: string, enabled: boolean): Promise<void> {
    await db
      .updateTable('users')
      .set({ digest_opt_in: enabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  },

  /**
   * Marks the day's digest as sent to the member; false when it already was (by this or
   * another instance), so it is never sent twice.
   */
  async claimDigest(db: Kysely<Database>, userId: string, day: string, now: string) {
    const result = await db
      .insertInto('digest_sends')
      .values({ user_id: userId, day, sent_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },

  async unclaimDigest(db: Kysely<Database>, userId: string, day: string): Promise<void> {
    await db
      .deleteFrom('digest_sends')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
  },
};
