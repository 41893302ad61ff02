import type { FastifyInstance } from 'fastify';
import { storeNew } from '../../lib/storage.ts';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type {
  DueInspection,
  Inspection,
  InspectionSchedule,
  ItemInspections,
  JobDueInspection,
} from '../../../common/schemas/inspection.ts';
import {
  addDays,
  isDueBy,
  isInspectionOverdue,
  jobDueText,
  nextDue,
  STAGES_BEFORE_DISPATCH,
} from '../../../common/inspections.ts';
import { today } from '../../../common/job-stages.ts';
import type { Stage } from '../../../common/round-trip.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { itemActivity } from '../activity/activity.repo.ts';
import { covers, EVERYTHING, scopeOf, type Scope } from '../catalog/scope.ts';
import { oneItem, withContents } from '../containers/containers.repo.ts';
import { changeItems } from '../items/item-changes.service.ts';
import { itemsRepo } from '../items/items.repo.ts';
import { findManifest } from '../manifests/manifests.service.ts';
import { roundTripRepo } from '../round-trip/round-trip.repo.ts';
import type { InspectionForm } from './inspection-form.ts';
import {
  inspectionKindsRepo,
  inspectionsRepo,
  type AttachmentRow,
  type ScheduleRow,
} from './inspections.repo.ts';

export const attachmentUrl = (inspectionId: string, attachmentId: string) =>
  `/api/inventory/inspections/${inspectionId}/attachments/${attachmentId}`;

/** Where one item stands with one kind, on `day`. */
export function toSchedule(row: ScheduleRow, day: string): InspectionSchedule {
  const last =
    row.last_result && row.last_date ? { result: row.last_result, date: row.last_date } : null;
  const status = last?.result ?? 'never';
  const due = nextDue(last, row.interval_days);
  return {
    kind_id: row.kind_id,
    kind_name: row.kind_name,
    interval_days: row.interval_days,
    blocks_dispatch: row.blocks_dispatch === 1,
    status,
    last_date: row.last_date,
    next_due: due,
    overdue: isInspectionOverdue(status, due, day),
  };
}

const toDue = (row: ScheduleRow, day: string): DueInspection => ({
  ...toSchedule(row, day),
  item_id: row.item_id,
  item_name: row.item_name,
});

/** Overdue first, then by due date (never inspected first among the overdue), then name. */
export function byUrgency(a: DueInspection, b: DueInspection): number {
  return (
    Number(b.overdue) - Number(a.overdue) ||
    (a.next_due ?? '').localeCompare(b.next_due ?? '') ||
    (a.item_name ?? '').localeCompare(b.item_name ?? '') ||
    a.item_id.localeCompare(b.item_id) ||
    a.kind_name.localeCompare(b.kind_name)
  );
}

/** The item as the reader may see its history: 404 outside a client user's own client. */
async function itemInScope(db: Kysely<Database>, id: string, scope: Scope) {
  const item = await itemsRepo.find(db, id, scope);
  if (!item || !covers(scope, item.client_id)) throw notFound('Item');
  return item;
}

/**
 * Records one inspection. A failed one sets the item damaged with the note, through the
 * one item-write door (its UPDATE and DAMAGE entries), beside the INSPECT entry. The files
 * are stored first (already checked), and removed again if the transaction fails.
 */
export async function recordInspection(
  app: FastifyInstance,
  itemId: string,
  form: InspectionForm,
  user: CurrentUser,
): Promise<Inspection> {
  const { fields } = form;
  const id = newId();
  const stored: AttachmentRow[] = [];
  try {
    for (const file of form.attachments) {
      const key = await storeNew(app.storage, file.bytes, file.extension);
      stored.push({
        id: newId(),
        inspection_id: id,
        storage_key: key,
        filename: file.filename,
        content_type: file.content_type,
        size: file.bytes.length,
      });
    }
    await app.db.transaction().execute(async (trx) => {
      const item = await itemInScope(trx, itemId, EVERYTHING);
      const kind = await inspectionKindsRepo.find(trx, fields.kind_id);
      if (!kind || kind.component_id !== item.component_id) {
        throw badRequest(
          'That inspection kind is not one of this item’s component type. Choose one of its kinds.',
        );
      }
      const now = nowIso();
      await inspectionsRepo.insert(
        trx,
        {
          id,
          item_id: itemId,
          kind_id: kind.id,
          result: fields.result,
          date: fields.date,
          note: fields.note || null,
          inspector: fields.inspector || null,
          recorded_by: user.id,
        },
        now,
      );
      await inspectionsRepo.insertAttachments(trx, stored, now);
      const actor = { id: user.id, email: user.email };
      await itemActivity(trx, actor, item, 'INSPECT', {
        detail: `${kind.name} ${fields.result}${fields.note ? `: ${fields.note}` : ''}`,
      });
      if (fields.result === 'failed') {
        await changeItems(
          trx,
          { dialect: app.dialect, actor, scope: EVERYTHING },
          [
            {
              id: itemId,
              create: false,
              values: {
                condition: 'damaged',
                condition_note: fields.note || `${kind.name} failed`,
              },
            },
          ],
          now,
        );
      }
    });
  } catch (err) {
    for (const file of stored) await app.storage.delete(file.storage_key).catch(() => {});
    throw err;
  }
  const [inspection] = (await itemInspections(app, itemId, user)).inspections.filter(
    (i) => i.id === id,
  );
  return inspection!;
}

/** An item's history and schedule, as the reader may see it. */
export async function itemInspections(
  app: FastifyInstance,
  itemId: string,
  user: CurrentUser,
): Promise<ItemInspections> {
  const scope = scopeOf(user);
  await itemInScope(app.db, itemId, scope);
  const day = today();
  const schedule = (await inspectionsRepo.schedule(app.db, { within: oneItem(itemId), scope })).map(
    (row) => toSchedule(row, day),
  );
  const rows = await inspectionsRepo.forItem(app.db, itemId);
  const attachments = await inspectionsRepo.attachmentsOf(
    app.db,
    rows.map((r) => r.id),
  );
  return {
    item_id: itemId,
    schedule,
    inspections: rows.map((row) => ({
      ...row,
      // Client users see no member's email (docs/decisions.md, roles).
      recorded_by_email: user.client_id === null ? row.recorded_by_email : null,
      attachments: attachments
        .filter((a) => a.inspection_id === row.id)
        .map((a) => ({
          id: a.id,
          filename: a.filename,
          content_type: a.content_type,
          size: a.size,
          url: attachmentUrl(row.id, a.id),
        })),
    })),
  };
}

/** One attachment's file, for a reader who may see the inspection. */
export async function attachmentFile(
  app: FastifyInstance,
  inspectionId: string,
  attachmentId: string,
  user: CurrentUser,
) {
  const row = await inspectionsRepo.attachment(app.db, inspectionId, attachmentId);
  if (!row || !covers(scopeOf(user), row.client_id)) throw notFound('Attachment');
  const stored = await app.storage.get(row.storage_key);
  if (!stored) throw notFound('Attachment');
  return { ...row, size: stored.size, stream: stored.body };
}

/** Every inspection due within `days` days from `day` (overdue included), overdue first. */
export async function dueInspections(
  db: Kysely<Database>,
  days: number,
  day = today(),
): Promise<DueInspection[]> {
  const until = addDays(day, days);
  return (await inspectionsRepo.schedule(db, { scope: EVERYTHING }))
    .map((row) => toDue(row, day))
    .filter((d) => isDueBy(d.status, d.next_due, until))
    .sort(byUrgency);
}

/** A job's items (contents too) with their schedules. */
export async function jobSchedule(
  db: Kysely<Database>,
  manifestId: string,
  day: string,
): Promise<DueInspection[]> {
  return (
    await inspectionsRepo.schedule(db, {
      within: withContents(roundTripRepo.onJob(manifestId)),
      scope: EVERYTHING,
    })
  ).map((row) => toDue(row, day));
}

/**
 * A job not sent out yet: its items whose inspection falls due before it comes back (on
 * or before its due date; without one, what is due by its out date or today).
 */
export async function jobDueInspections(
  app: FastifyInstance,
  manifestId: string,
): Promise<JobDueInspection[]> {
  const manifest = await findManifest(app.db, manifestId, EVERYTHING);
  if (!STAGES_BEFORE_DISPATCH.includes(manifest.stage as Stage)) return [];
  const day = today();
  const until = manifest.due_date ?? manifest.out_date ?? day;
  return (await jobSchedule(app.db, manifestId, day))
    .filter((d) => isDueBy(d.status, d.next_due, until < day ? day : until))
    .sort(byUrgency)
    .map((d) => ({ ...d, message: jobDueText(d, manifest.name, day) }));
}

export async function digestSetting(app: FastifyInstance, user: CurrentUser) {
  return { enabled: await inspectionsRepo.digestOptIn(app.db, user.id) };
}

export async function setDigestSetting(app: FastifyInstance, user: CurrentUser, enabled: boolean) {
  await inspectionsRepo.setDigestOptIn(app.db, user.id, enabled);
  return { enabled };
}
