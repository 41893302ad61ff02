import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  IMPORT_LISTED_ITEMS,
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  type ImportError,
  type ImportField,
  type ImportPreview,
  type ImportQuery,
} from '../../../common/schemas/import.ts';
import { normalizeLabelCode as normalize } from '../../../common/label-code.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { timeSlices } from '../../lib/time-slices.ts';
import {
  entityActivity,
  recordActivity,
  recordBulkItemEvents,
  type Actor,
} from '../activity/activity.repo.ts';
import type { ItemValues } from '../items/items.repo.ts';
import {
  checkItemChanges,
  guardMoves,
  lockItemTree,
  movesOf,
  writeItemChanges,
  type ItemChange,
  type WriteContext,
} from '../items/item-changes.service.ts';
import { scopeOf } from '../catalog/scope.ts';
import { refreshItemSearchMany } from '../items/search.repo.ts';
import { packingQuestions } from '../reservations/packing-guard.ts';
import type { CsvFile } from './csv-read.ts';
import { planImport, settleActions } from './container-plan.ts';
import {
  REFERENCE_FIELDS,
  type LateErrors,
  type Lookups,
  type Plan,
  type PlannedRow,
} from './import-plan.ts';
import { importRepo } from './import.repo.ts';
import { resolveMapping, type Mapping } from './mapping.ts';

const ACTIVITY_TYPE = {
  client: 'CLIENT',
  location: 'LOCATION',
  component: 'COMPONENT',
  manifest: 'MANIFEST',
} as const;

/**
 * POST /inventory/import (docs/decisions.md#import-and-export), once the route has read
 * and parsed the file (csv-read.ts). Plans and writes in one transaction: a dry run rolls
 * back by never writing; an import with any invalid row writes nothing unless valid_only
 * asks for the valid rows.
 */
export async function importItems(
  app: FastifyInstance,
  file: CsvFile,
  query: ImportQuery,
  actor: Actor & Pick<CurrentUser, 'client_id'>,
): Promise<ImportPreview> {
  const mapping = resolveMapping(file.header, query);
  const dryRun = query.dry_run ?? false;

  const context = { dialect: app.dialect, actor, scope: scopeOf(actor) };
  const planOn = async (db: Kysely<Database>) =>
    planThroughDoor(db, context, file, mapping, await lookupsFor(db, file, mapping));
  // A dry run reads outside a transaction; an import plans inside the one it writes in,
  // after taking the tree lock the item API takes, so what it checked is what it writes over.
  const column = mapping.manifest === undefined ? null : (file.header[mapping.manifest] ?? null);
  if (dryRun) {
    const plan = await planOn(app.db);
    const questions = await packingQuestionsOf(app.db, plan, column, { lock: false });
    return preview(file, mapping, plan, true, [], questions);
  }
  return app.db.transaction().execute(async (trx) => {
    await lockItemTree(trx, app.dialect);
    const plan = await planOn(trx);
    if (plan.invalidRows > 0 && !query.valid_only) {
      throw new AppError(400, 'import_invalid', refusal(plan));
    }
    // Packing what another job holds asks first, as the API does (docs/decisions.md,
    // "Reservations and the CSV import"): the whole file waits for the answer.
    const questions = await packingQuestionsOf(trx, plan, column, { lock: true });
    if (questions.length > 0 && !query.pack_anyway) {
      throw new AppError(409, 'reserved_elsewhere', unanswered(questions));
    }
    const answered = { ...context, packAnyway: query.pack_anyway };
    const items = await write(trx, answered, plan, query.filename);
    return preview(file, mapping, plan, false, items, questions);
  });
}

/** The file's column for a field the item door refused (the row's id column for the row itself). */
const COLUMN_OF_FIELD: Partial<Record<keyof ItemValues, ImportField>> = {
  name: 'name',
  note: 'note',
  status: 'type',
  client_id: 'client',
  location_id: 'location',
  component_id: 'component',
  manifest_id: 'manifest',
  container_id: 'container',
};

/**
 * The rows as the item door sees them: every rule of an item change is checked there,
 * as for the API, and a refused row says the API's sentence with its row and column. A
 * refused row is planned again as invalid, so the rows that lean on it fail in turn.
 */
async function planThroughDoor(
  db: Kysely<Database>,
  context: WriteContext,
  file: CsvFile,
  mapping: Mapping,
  lookups: Lookups,
): Promise<Plan> {
  const late: LateErrors = new Map();
  // Shared by every pass, so the request thread is let go every 20 ms throughout.
  const slices = timeSlices();
  for (;;) {
    const plan = await planImport(file, mapping, lookups, late, slices);
    const rows = plan.rows.filter((r) => r.action === 'create' || r.action === 'update');
    const changes = changesOf(rows);
    const created = new Set(REFERENCE_FIELDS.flatMap((f) => plan.created[f].map((e) => e.id)));
    const problems = await checkItemChanges(db, context, changes, created, slices);
    if (problems.length === 0) {
      rows.forEach((r, i) => (r.values = changes[i]!.values as PlannedRow['values']));
      settleActions(plan, lookups);
      return plan;
    }
    for (const { index, field, error } of problems) {
      const row = rows[index]!;
      const column =
        (field && COLUMN_OF_FIELD[field]) ?? (mapping.id !== undefined ? 'id' : 'label');
      late.set(row.row, [...(late.get(row.row) ?? []), { field: column, message: error.message }]);
    }
  }
}

/** The rows that pack an item another overlapping job holds, with the API's question. */
async function packingQuestionsOf(
  db: Kysely<Database>,
  plan: Plan,
  column: string | null,
  options: { lock: boolean },
): Promise<ImportError[]> {
  const updates = plan.rows.filter((r) => r.action === 'update');
  const asked = await packingQuestions(db, movesOf(changesOf(updates)), options);
  const rowOf = new Map(updates.map((r) => [r.id!, r.row]));
  return asked
    .map((q) => ({ row: rowOf.get(q.itemId)!, column, message: q.question }))
    .sort((a, b) => a.row - b.row);
}

function unanswered(questions: ImportError[]): string {
  const first = questions.slice(0, 3).map((q) => `row ${q.row}: ${q.message}`);
  const more = questions.length > 3 ? ` … ${questions.length - 3} more rows ask the same.` : '';
  return `Nothing was imported: ${first.join(' ')}${more} Import again with pack_anyway to pack them anyway.`;
}

const changesOf = (rows: PlannedRow[]): ItemChange[] =>
  rows.map((r) => ({ id: r.id!, create: r.action === 'create', values: { ...r.values } }));

async function lookupsFor(db: Kysely<Database>, file: CsvFile, mapping: Mapping) {
  const ids =
    mapping.id === undefined
      ? []
      : file.rows.map((r) => (r.cells[mapping.id!] ?? '').trim()).filter(Boolean);
  const codes =
    mapping.label === undefined
      ? []
      : file.rows.flatMap((r) =>
          (r.cells[mapping.label!] ?? '')
            .split(/[\s,;]+/)
            .map((c) => normalize(c))
            .filter((c): c is string => c !== null),
        );
  const containers =
    mapping.container === undefined
      ? []
      : file.rows.map((r) => (r.cells[mapping.container!] ?? '').trim()).filter(Boolean);
  const containerCodes = containers.map(normalize).filter((c): c is string => c !== null);
  return importRepo.lookups(
    db,
    [...new Set(ids)],
    [...new Set([...codes, ...containerCodes])],
    [...new Set(containers)],
  );
}

function refusal(plan: Plan): string {
  const first = plan.errors.slice(0, 3).map((e) => e.message);
  const more =
    plan.invalidRows > 3 ? ` … ${plan.invalidRows.toLocaleString('en')} rows have problems.` : '';
  return `Nothing was imported: ${first.join(' ')}${more} Fix the file, or import only the valid rows.`;
}

async function write(
  db: Transaction<Database>,
  context: WriteContext & { actor: Actor },
  plan: Plan,
  filename: string | undefined,
): Promise<Array<{ id: string; name: string | null }>> {
  const { actor } = context;
  const now = nowIso();
  for (const field of REFERENCE_FIELDS) {
    const created = plan.created[field];
    await importRepo.insertNamed(db, field, created, now);
    for (const entity of created) {
      await entityActivity(db, ACTIVITY_TYPE[field], actor, entity, 'CREATE');
    }
  }
  const creates = plan.rows.filter((r) => r.action === 'create');
  const updates = plan.rows.filter((r) => r.action === 'update');
  // Through the item door, as the API writes: what is inside a moved container goes
  // with it, and the search documents follow. The feed gets one IMPORT entry below.
  const changes = changesOf([...creates, ...updates]);
  await guardMoves(db, context, changes);
  await writeItemChanges(db, context, changes, now, { kind: 'none' });
  const labels = await importRepo.lookups(
    db,
    [],
    [...creates, ...updates].flatMap((r) => r.attach),
  );
  const pairs = [...creates, ...updates].flatMap((r) =>
    r.attach.map((code) => ({ code, itemId: r.id!, exists: labels.labels.has(code) })),
  );
  if ((await importRepo.attachLabels(db, pairs, now)) !== pairs.length) {
    throw new AppError(
      409,
      'label_changed',
      'A label in the file changed while importing. Please try again.',
    );
  }
  const written = [...creates, ...updates];
  // Labels are searched by code: the documents follow the labels just attached.
  await refreshItemSearchMany(
    db,
    written.filter((r) => r.attach.length > 0).map((r) => r.id!),
  );
  if (written.length > 0) {
    const count = written.length.toLocaleString('en');
    const noun = written.length === 1 ? 'item' : 'items';
    await recordActivity(db, {
      type: 'ITEM',
      action: 'IMPORT',
      actor,
      sourceId: newId(),
      ref: {
        name: filename ? `${count} ${noun} from ${filename}` : `${count} ${noun} from a CSV file`,
      },
    });
  }
  // One feed entry for the file, but a webhook event per item (docs/decisions.md).
  await recordBulkItemEvents(db, actor, [
    ...creates.map((r) => ({ id: r.id!, name: r.values.name ?? null, created: true })),
    ...updates.map((r) => ({ id: r.id!, name: r.values.name ?? null, created: false })),
  ]);
  return written
    .slice(0, IMPORT_LISTED_ITEMS)
    .map((r) => ({ id: r.id!, name: r.values.name ?? null }));
}

function preview(
  file: CsvFile,
  mapping: Mapping,
  plan: Plan,
  dryRun: boolean,
  items: Array<{ id: string; name: string | null }>,
  questions: ImportError[],
): ImportPreview {
  const count = (action: string) => plan.rows.filter((r) => r.action === action).length;
  const names = (field: (typeof REFERENCE_FIELDS)[number]) =>
    plan.created[field].map((e) => e.name);
  return {
    dry_run: dryRun,
    file: {
      encoding: file.encoding,
      delimiter: file.delimiter,
      rows: file.rows.length,
      columns: file.header,
    },
    mapping: Object.fromEntries(
      Object.entries(mapping).map(([f, i]) => [f, file.header[i] ?? null]),
    ),
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    skipped: dryRun ? 0 : plan.invalidRows,
    errors: plan.errors.slice(0, IMPORT_MAX_ERRORS),
    invalid_rows: plan.invalidRows,
    questions: questions.slice(0, IMPORT_MAX_ERRORS),
    new_clients: names('client'),
    new_locations: names('location'),
    new_components: names('component'),
    new_manifests: names('manifest'),
    preview: plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({
      row: r.row,
      action: r.action,
      id: r.id,
      values: r.display,
    })),
    items,
  };
}
