import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/schema.ts';

/** Every table of the schema, with the column that says when a row last changed. */
const TABLES: Record<keyof Database, string | null> = {
  users: 'updated_at',
  sessions: null,
  tokens: 'created_at',
  rate_limits: 'window_ends_at',
  clients: 'updated_at',
  locations: 'updated_at',
  components: 'updated_at',
  manifests: 'updated_at',
  items: 'updated_at',
  requirements: 'updated_at',
  item_components: 'updated_at',
  labels: 'updated_at',
  images: 'updated_at',
  activity: 'created_at',
  item_search: null,
  idempotency_keys: 'created_at',
  dispatched_items: 'out_at',
  reservations: 'created_at',
  print_offsets: 'updated_at',
  api_tokens: 'created_at',
  sso_logins: 'created_at',
  leases: null,
  webhook_endpoints: 'updated_at',
  webhook_events: 'created_at',
  webhook_deliveries: 'created_at',
  inspection_kinds: 'updated_at',
  inspections: 'created_at',
  inspection_attachments: 'created_at',
  digest_sends: 'sent_at',
  stocktakes: 'started_at',
  stocktake_expected: null,
  stocktake_scans: 'scanned_at',
  stocktake_unknown_codes: 'scanned_at',
};

/**
 * Columns left out of the content digest: a session's last_seen_at and expires_at slide
 * forward whenever it is used (session plugin), which is reading, not a change that the
 * refused route made. A new or deleted session still shows in the row count and digest.
 */
const VOLATILE: Partial<Record<keyof Database, string[]>> = {
  sessions: ['last_seen_at', 'expires_at'],
  // The webhook worker marks earlier changes' events as handed to their endpoints in the
  // background: bookkeeping of writes that did happen, not a change the refused route made.
  webhook_events: ['fanned_out'],
  api_tokens: ['last_used_at', 'last_used_address'],
  // Periodic work (the purge) takes and hands back its lease whenever it is due.
  leases: ['holder', 'lease_until', 'next_run_at'],
};

export interface TableState {
  rows: number;
  /** max(updated_at), or the table's nearest equivalent. */
  latest: string | null;
  /** sha256 over every row, so an edit that keeps count and timestamps still shows. */
  digest: string;
}

export interface Snapshot {
  tables: Record<string, TableState>;
  /** Stored upload files: a refused upload must not leave one behind. */
  files: string[];
}

/**
 * The observable state of the database and the upload folder. Reads whole tables: the
 * role-matrix fixture is small, and a digest catches changes that a count and
 * max(updated_at) would miss (a renamed item whose timestamp was not touched, a
 * search document rewritten).
 */
export async function snapshot(app: FastifyInstance, uploadsDir: string): Promise<Snapshot> {
  const tables: Record<string, TableState> = {};
  for (const [table, latestColumn] of Object.entries(TABLES) as [keyof Database, string | null][]) {
    const rows = (await app.db.selectFrom(table).selectAll().execute()) as Record<
      string,
      unknown
    >[];
    const skip = new Set(VOLATILE[table] ?? []);
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row)
            .filter(([column]) => !skip.has(column))
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        ),
      )
      .sort();
    const latest = latestColumn
      ? rows.reduce<string | null>((max, row) => {
          const value = row[latestColumn] as string | null;
          return value !== null && (max === null || value > max) ? value : max;
        }, null)
      : null;
    tables[table] = {
      rows: rows.length,
      latest,
      digest: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  const files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : [];
  return { tables, files };
}

/** Human-readable differences between two snapshots; empty when nothing changed. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, was] of Object.entries(before.tables)) {
    const now = after.tables[table]!;
    if (was.rows !== now.rows) out.push(`${table}: ${was.rows} rows became ${now.rows}`);
    else if (was.latest !== now.latest) out.push(`${table}: latest ${was.latest} → ${now.latest}`);
    else if (was.digest !== now.digest) out.push(`${table}: row contents changed`);
  }
  const added = after.files.filter((f) => !before.files.includes(f));
  const removed = before.files.filter((f) => !after.files.includes(f));
  if (added.length) out.push(`uploads: ${added.length} file(s) written`);
  if (removed.length) out.push(`uploads: ${removed.length} file(s) removed`);
  return out;
}

/** Rows of one table, for tests that inspect a count directly. */
export async function countRows(app: FastifyInstance, table: keyof Database): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Runs `perform` and expects it refused with `status`, with the database and the uploads of
 * the app whose data lives in `dataDir` exactly as they were before.
 */
export async function expectRefusedUnchanged<R extends { statusCode: number; body: string }>(
  app: FastifyInstance,
  dataDir: string,
  status: number,
  perform: () => Promise<R>,
): Promise<R> {
  const uploads = uploadsDirOf(dataDir);
  const before = await snapshot(app, uploads);
  const res = await perform();
  expect(res.statusCode, res.body).toBe(status);
  expect(differences(before, await snapshot(app, uploads))).toEqual([]);
  return res;
}
