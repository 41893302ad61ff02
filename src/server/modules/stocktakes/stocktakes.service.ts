import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import {
  LOCATION_ITEMS_SHOWN,
  type LocationStock,
  type MoveResult,
  type ScanResult,
  type ScanRow,
  type StartStocktakeInput,
  type Stocktake,
  type StocktakeCounts,
  type StocktakeDetail,
  type StocktakeItem,
} from '../../../common/schemas/stocktake.ts';
import { stocktakeItemSchema } from '../../../common/schemas/stocktake.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { entityActivity, itemActivity } from '../activity/activity.repo.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { namedRepo } from '../catalog/named.repo.ts';
import { changeItems } from '../items/item-changes.service.ts';
import { itemsRepo } from '../items/items.repo.ts';
import { recordScanOf } from '../labels/labels.service.ts';
import { itemChangesRepo } from '../items/item-changes.repo.ts';
import { labelsRepo } from '../labels/labels.repo.ts';
import { stocktakesRepo, type ScanRecord, type StocktakeRow } from './stocktakes.repo.ts';

/**
 * Stock-takes by scanning (docs/decisions.md, "Stock-takes"). Staff only (the route's
 * permission), so every read here is unscoped. Item fields change only through the item
 * door: a wrong-place item moved here, expected items marked missing at the finish.
 */

const FINISHED = 'This stock-take is finished. Start a new one to count again.';
const locations = namedRepo('locations');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function openStocktake(db: Kysely<Database>, id: string): Promise<StocktakeRow> {
  const row = await stocktakesRepo.find(db, id);
  if (!row) throw notFound('Stock-take');
  if (row.status !== 'open') throw conflict(FINISHED, 'stocktake_finished');
  return row;
}

/** One transaction on a stock-take that must still be open (409 once it is finished). */
function inOpenStocktake<R>(
  app: FastifyInstance,
  id: string,
  work: (trx: Transaction<Database>, stocktake: StocktakeRow) => Promise<R>,
): Promise<R> {
  return app.db.transaction().execute(async (trx) => work(trx, await openStocktake(trx, id)));
}

function toStocktake(row: StocktakeRow, counts: StocktakeCounts): Stocktake {
  return {
    id: row.id,
    location_id: row.location_id,
    container_id: row.container_id,
    place_name: row.place_name,
    count_contents: row.count_contents === 1,
    status: row.status,
    expected_count: row.expected_count,
    counts,
    started_by_email: row.started_by_email,
    started_at: row.started_at,
    finished_by_email: row.finished_by_email,
    finished_at: row.finished_at,
  };
}

async function countsOf(db: Kysely<Database>, row: StocktakeRow): Promise<StocktakeCounts> {
  return (await stocktakesRepo.counts(db, [row])).get(row.id)!;
}

/** POST /inventory/stocktakes: the stock-take and its snapshot of what is expected. */
export async function startStocktake(
  app: FastifyInstance,
  input: StartStocktakeInput,
  user: CurrentUser,
): Promise<Stocktake> {
  return app.db.transaction().execute(async (trx) => {
    const place = input.location_id
      ? await locations.find(trx, input.location_id, EVERYTHING)
      : await itemsRepo.ref(trx, input.container_id!);
    if (!place) throw notFound(input.location_id ? 'Location' : 'Container');
    const row: StocktakeRow = {
      id: newId(),
      location_id: input.location_id ?? null,
      container_id: input.container_id ?? null,
      place_name: place.name ?? '(no name)',
      count_contents: input.count_contents ? 1 : 0,
      status: 'open',
      expected_count: 0,
      started_by: user.id,
      started_by_email: user.email,
      started_at: nowIso(),
      finished_by_email: null,
      finished_at: null,
    };
    await stocktakesRepo.insert(trx, row);
    row.expected_count = await stocktakesRepo.snapshotExpected(trx, row.id, row);
    await stocktakesRepo.setExpectedCount(trx, row.id, row.expected_count);
    return toStocktake(row, await countsOf(trx, row));
  });
}

export async function listStocktakes(
  app: FastifyInstance,
  locationId?: string,
): Promise<Stocktake[]> {
  const rows = await stocktakesRepo.list(app.db, locationId);
  const counts = await stocktakesRepo.counts(app.db, rows);
  return rows.map((r) => toStocktake(r, counts.get(r.id)!));
}

/** GET /inventory/locations/:id/stock: what its page shows, to start a stock-take there. */
export async function locationStock(app: FastifyInstance, id: string): Promise<LocationStock> {
  const location = await locations.find(app.db, id, EVERYTHING);
  if (!location) throw notFound('Location');
  const [expected, stocktakes] = await Promise.all([
    stocktakesRepo.expectedAtLocation(app.db, id, LOCATION_ITEMS_SHOWN),
    listStocktakes(app, id),
  ]);
  return {
    id,
    name: location.name,
    expected_count: expected.count,
    items: expected.items,
    stocktakes,
  };
}

/** A stored scan row as the API shows it: the item as it is now, or as it was if gone. */
function toScanRow(r: Awaited<ReturnType<typeof stocktakesRepo.scanRows>>[number]): ScanRow {
  return {
    item: {
      id: r.item_id,
      name: r.current_name ?? r.item_name,
      status: r.current_status ?? r.item_status,
      location_name: r.location_name,
      container_name: r.container_name,
    },
    outcome: r.outcome,
    code: r.code,
    via_container_id: r.via_container_id,
    detail: r.detail,
    moved_at: r.moved_at,
    scanned_by_email: r.scanned_by_email,
    scanned_at: r.scanned_at,
  };
}

export async function getStocktake(
  app: FastifyInstance,
  id: string,
  db: Kysely<Database> = app.db,
): Promise<StocktakeDetail> {
  const row = await stocktakesRepo.find(db, id);
  if (!row) throw notFound('Stock-take');
  const [counts, scans, unknown, uncounted] = await Promise.all([
    countsOf(db, row),
    stocktakesRepo.scanRows(db, id),
    stocktakesRepo.unknownCodes(db, id),
    stocktakesRepo.uncounted(db, id),
  ]);
  const rows = scans.map(toScanRow);
  const asItem = (u: (typeof uncounted)[number]): StocktakeItem => ({
    id: u.item_id,
    name: u.current_name ?? u.item_name,
    status: u.current_status ?? u.item_status,
    location_name: u.location_name,
    container_name: u.container_name,
  });
  return {
    ...toStocktake(row, counts),
    found: rows.filter((r) => r.outcome === 'found'),
    wrong_place: rows.filter((r) => r.outcome === 'wrong_place'),
    unexpected: rows.filter((r) => r.outcome === 'unexpected'),
    unknown: unknown.map((u) => ({
      code: u.code,
      scanned_by_email: u.scanned_by_email,
      scanned_at: u.scanned_at,
    })),
    not_scanned: uncounted.filter((u) => u.missing_at === null).map(asItem),
    missing: uncounted.filter((u) => u.missing_at !== null).map(asItem),
  };
}

const OUTCOME_WORDS: Record<ScanRecord['outcome'], string> = {
  found: 'found',
  wrong_place: 'wrong place',
  unexpected: 'unexpected',
};

/**
 * POST /inventory/stocktakes/:id/scans. One transaction: the outcome, the row that makes
 * the item count once, and what any scan does (last scanner, SCAN entry, a missing item
 * found: labels.service.ts). Two phones scanning one code at once: the second insert
 * waits on the key and does nothing, so it answers `already` and records nothing more.
 */
export async function scanIntoStocktake(
  app: FastifyInstance,
  id: string,
  code: string,
  user: CurrentUser,
): Promise<ScanResult> {
  return inOpenStocktake(app, id, async (trx, stocktake) => {
    const now = nowIso();
    const by = { id: user.id, email: user.email };
    const answer = async (
      outcome: ScanResult['outcome'],
      item: StocktakeItem | undefined,
      detail: string | null,
      contentsFound = 0,
    ): Promise<ScanResult> => ({
      outcome,
      code,
      ...(item ? { item } : {}),
      detail,
      contents_found: contentsFound,
      counts: await countsOf(trx, stocktake),
    });

    const label = await labelsRepo.find(trx, code);
    const item = label?.item_id ? await stocktakesRepo.scannedItem(trx, label.item_id) : undefined;
    if (!label || !item) {
      const fresh = await stocktakesRepo.insertUnknown(trx, {
        stocktake_id: id,
        code,
        scanned_by: by.id,
        scanned_by_email: by.email,
        scanned_at: now,
      });
      return answer(fresh ? 'unknown' : 'already', undefined, fresh ? null : 'unknown label');
    }
    // The item as the contract shows it: parsing drops the columns the scan itself needed.
    const shown = stocktakeItemSchema.parse(item);
    if (item.id === stocktake.container_id) {
      return answer('already', shown, 'the container being counted');
    }
    const earlier = await stocktakesRepo.scan(trx, id, item.id);
    if (earlier) return answer('already', shown, OUTCOME_WORDS[earlier.outcome]);

    const expected = await stocktakesRepo.isExpected(trx, id, item.id);
    const outcome = expected
      ? 'found'
      : item.out_at !== null || item.condition === 'missing'
        ? 'unexpected'
        : 'wrong_place';
    const detail =
      outcome === 'unexpected'
        ? item.out_at !== null
          ? `out on ${item.manifest_name ?? 'a job'}`
          : 'missing'
        : outcome === 'wrong_place'
          ? `belongs in ${item.container_name ?? item.location_name ?? 'no location'}`
          : null;
    const counted = await stocktakesRepo.insertScan(trx, {
      stocktake_id: id,
      item_id: item.id,
      outcome,
      code,
      via_container_id: null,
      detail,
      item_name: item.name,
      item_status: item.status,
      moved_at: null,
      scanned_by: by.id,
      scanned_by_email: by.email,
      scanned_at: now,
    });
    if (!counted) {
      const winner = await stocktakesRepo.scan(trx, id, item.id);
      return answer('already', shown, winner ? OUTCOME_WORDS[winner.outcome] : null);
    }
    await recordScanOf(trx, label, user);
    const contents =
      stocktake.count_contents === 1 && outcome === 'found'
        ? await stocktakesRepo.countContents(trx, id, item.id, by, now)
        : 0;
    return answer(outcome, shown, detail, contents);
  });
}

/** POST /inventory/stocktakes/:id/move: a wrong-place item comes here, through the item door. */
export async function moveHere(
  app: FastifyInstance,
  id: string,
  itemId: string,
  user: CurrentUser,
): Promise<MoveResult> {
  return inOpenStocktake(app, id, async (trx, stocktake) => {
    const scan = await stocktakesRepo.scan(trx, id, itemId);
    if (!scan || scan.outcome !== 'wrong_place') {
      throw conflict(
        'Only an item this stock-take scanned in the wrong place can be moved here.',
        'not_wrong_place',
      );
    }
    if (scan.moved_at === null) {
      const now = nowIso();
      const values = stocktake.container_id
        ? { container_id: stocktake.container_id }
        : { location_id: stocktake.location_id, container_id: null };
      await changeItems(
        trx,
        { dialect: app.dialect, actor: user, scope: EVERYTHING },
        [{ id: itemId, create: false, values }],
        now,
      );
      await stocktakesRepo.setMoved(trx, id, itemId, now);
    }
    const rows = await stocktakesRepo.scanRows(trx, id);
    const row = rows.find((r) => r.item_id === itemId)!;
    return { row: toScanRow(row), counts: await countsOf(trx, stocktake) };
  });
}

/**
 * POST /inventory/stocktakes/:id/finish. Marks missing exactly the items listed (each
 * must be expected and not scanned: anything else is a 400 and nothing changes), through
 * the item door, so they join the found-by-scan flow; gives every counted item its
 * last_counted_at; writes one STOCKTAKE entry on the location or container.
 */
export async function finishStocktake(
  app: FastifyInstance,
  id: string,
  markMissing: string[],
  user: CurrentUser,
): Promise<StocktakeDetail> {
  return inOpenStocktake(app, id, async (trx, stocktake) => {
    const now = nowIso();
    const wanted = [...new Set(markMissing)];
    const notScanned = new Set(await stocktakesRepo.notScannedIds(trx, id));
    const refused = wanted.filter((itemId) => !notScanned.has(itemId));
    if (refused.length > 0) {
      throw badRequest(
        `Only expected items that were not scanned can be marked missing (${refused
          .slice(0, 3)
          .join(', ')}${refused.length > 3 ? ', …' : ''}).`,
        'invalid_input',
      );
    }
    try {
      await changeItems(
        trx,
        { dialect: app.dialect, actor: user, scope: EVERYTHING },
        wanted.map((itemId) => ({
          id: itemId,
          create: false,
          values: { condition: 'missing', condition_note: null },
        })),
        now,
      );
    } catch (error) {
      // An item deleted since the start cannot be marked: say which request was wrong.
      if (error instanceof AppError && error.status === 404) {
        throw badRequest('An item to mark missing was deleted meanwhile.', 'invalid_input');
      }
      throw error;
    }
    await stocktakesRepo.markMissing(trx, id, wanted, now);
    const counted = (await stocktakesRepo.scanRows(trx, id)).map((r) => r.item_id);
    await itemChangesRepo.setLastCounted(trx, counted, now);
    if (!(await stocktakesRepo.finish(trx, id, { email: user.email }, now))) {
      throw conflict(FINISHED, 'stocktake_finished');
    }
    const counts = await countsOf(trx, { ...stocktake, status: 'finished' });
    await recordStocktakeEntry(trx, stocktake, counts, user);
    return getStocktake(app, id, trx);
  });
}

/** "52 expected: 50 found, 3 wrong place, 1 unknown, 2 marked missing" on the place counted. */
async function recordStocktakeEntry(
  trx: Transaction<Database>,
  stocktake: StocktakeRow,
  counts: StocktakeCounts,
  user: CurrentUser,
): Promise<void> {
  const parts = [
    `${counts.found} found`,
    counts.wrong_place && `${counts.wrong_place} wrong place`,
    counts.unexpected && `${counts.unexpected} unexpected`,
    counts.unknown && plural(counts.unknown, 'unknown label'),
    counts.missing && `${counts.missing} marked missing`,
    counts.not_scanned && `${counts.not_scanned} not scanned`,
  ].filter(Boolean);
  const detail = `${counts.expected} expected: ${parts.join(', ')}`;
  const subject = {
    id: stocktake.container_id ?? stocktake.location_id!,
    name: stocktake.place_name,
  };
  if (stocktake.container_id) {
    await itemActivity(trx, user, subject, 'STOCKTAKE', { detail, refId: stocktake.id });
  } else {
    await entityActivity(trx, 'LOCATION', user, subject, 'STOCKTAKE', detail);
  }
}
