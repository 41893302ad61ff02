// The bench's footprint rows (issue 23 §3): how big the database is and how much memory
// the server process holds after the rows before it ran. Called once per engine from
// scripts/bench.ts, just before the server stops.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The SQLite file with its WAL, or PostgreSQL's own size of the database. */
async function databaseBytes(target: { dataDir: string; databaseUrl: string | undefined }) {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ bytes: string }>(
        'SELECT pg_database_size(current_database()) AS bytes',
      );
      return Number(rows[0]!.bytes);
    } finally {
      await client.end();
    }
  }
  const file = path.join(target.dataDir, 'yardkeep.sqlite');
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return size(file) + size(`${file}-wal`);
}

/** Resident memory of a process (Linux), from /proc. */
function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

export async function footprintRows(
  target: { dataDir: string; databaseUrl: string | undefined },
  serverPid: number | undefined,
  rows: Map<string, string>,
): Promise<void> {
  rows.set('database size (SQLite file + WAL / pg_database_size)', mb(await databaseBytes(target)));
  const rss = residentBytes(serverPid);
  rows.set('server RSS after the rows above', rss === null ? 'n/a (no /proc)' : mb(rss));
}
