import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  IMPORT_LISTED_ITEMS,
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  type ImportPreview,
  type ImportQuery,
} from '../../../common/schemas/import.ts';
import { normalizeLabelCode as normalize } from '../../../common/label-code.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import {
  entityActivity,
  recordActivity,
  recordBulkItemEvents,
  type Actor,
} from '../activity/activity.repo.ts';
import { itemsRepo } from '../items/items.repo.ts';
import { refreshItemSearchMany } from '../items/search.repo.ts';
import type { CsvFile } from './csv-read.ts';
import { planImport } from './container-plan.ts';
import { REFERENCE_FIELDS, type Lookups, type Plan } from './import-plan.ts';
import { containersRepo } from '../containers/containers.repo.ts';
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
  actor: Actor,
): Promise<ImportPreview> {
  const mapping = resolveMapping(file.header, query);
  const dryRun = query.dry_run ?? false;

  const planOn = async (db: Kysely<Database>) => {
    const lookups = await lookupsFor(db, file, mapping);
    return { lookups, plan: planImport(file, mapping, lookups) };
  };
  // A dry run reads outside a transaction; an import plans inside the one it writes in,
  // so what it checked is what it writes over.
  if (dryRun) return preview(file, mapping, (await planOn(app.db)).plan, true, []);
  return app.db.transaction().execute(async (trx) => {
    const { lookups, plan } = await planOn(trx);
    if (plan.invalidRows > 0 && !query.valid_only) {
      throw new AppError(400, 'import_invalid', refusal(plan));
    }
    const items = await write(trx, plan, lookups, query.filename, actor);
    return preview(file, mapping, plan, false, items);
  });
}

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
  plan: Plan,
  lookups: Lookups,
  filename: string | undefined,
  actor: Actor,
): Promise<Array<{ id: string; name: string | null }>> {
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
  await importRepo.insertItems(
    db,
    creates.map((r) => ({ id: r.id!, values: r.values })),
    now,
  );
  // Through the items repository, so each update bumps the item's version.
  for (const r of updates) await itemsRepo.update(db, r.id!, r.values, now);
  await importRepo.setContainers(
    db,
    creates.flatMap((r) =>
      r.values.container_id ? [{ id: r.id!, containerId: r.values.container_id }] : [],
    ),
  );
  // What is already inside a container the file moves goes with it, as in the app.
  for (const r of updates) {
    if (r.values.location_id === undefined) continue;
    if (r.values.location_id === lookups.items.get(r.id!)?.location_id) continue;
    await containersRepo.moveContents(db, r.id!, r.values.location_id, now);
  }
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
  await refreshItemSearchMany(
    db,
    written.map((r) => r.id!),
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
