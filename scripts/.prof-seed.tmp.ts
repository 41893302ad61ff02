import fs from 'node:fs';
import { ItemGenerator } from '../src/server/cli/seed/items.ts';
import { generateCatalog } from '../src/server/cli/seed/catalog.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { sql } from 'kysely';
fs.rmSync('/tmp/prof/db', { recursive: true, force: true });
const h = openDatabase({ databaseUrl: undefined, dataDir: '/tmp/prof/db' });
await migrateToLatest(h);
await sql`PRAGMA cache_size = -262144`.execute(h.db);
await sql`PRAGMA synchronous = OFF`.execute(h.db);
await sql`PRAGMA foreign_keys = OFF`.execute(h.db);
if (process.env.AM) await sql`INSERT INTO item_fts(item_fts, rank) VALUES('automerge', ${sql.lit(Number(process.env.AM))})`.execute(h.db);
const cat = generateCatalog(7);
const g = new ItemGenerator(7, cat, [{id:'a',email:'x@y.z'}], 100000);
const chunks = []; while (g.remaining>0) chunks.push(g.next(5000));
const cpu = () => { const u = process.cpuUsage(); return (u.user+u.system)/1000; };
const times: Record<string, number> = {};
const compiled: Record<string, number> = {};
for (const c of chunks) {
  await h.db.transaction().execute(async (trx) => {
    for (const [table, rows] of [['items', c.items], ['item_search', c.search], ['item_components', c.itemComponents], ['labels', c.labels]] as const) {
      const per = Math.floor(30000 / Object.keys(rows[0]!).length);
      for (let i = 0; i < rows.length; i += per) {
        let t0 = cpu();
        const q = trx.insertInto(table as any).values(rows.slice(i, i + per) as any).compile();
        compiled[table] = (compiled[table] ?? 0) + cpu() - t0;
        t0 = cpu();
        await trx.executeQuery(q);
        times[table] = (times[table] ?? 0) + cpu() - t0;
      }
    }
  });
}
let t0=cpu(); await sql`INSERT INTO item_fts(item_fts) VALUES ('optimize')`.execute(h.db); times.optimize = cpu()-t0;
t0=cpu(); await sql`ANALYZE`.execute(h.db); times.analyze = cpu()-t0;
console.log({ compiled, times });
