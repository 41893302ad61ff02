import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { planSearch } from '../src/common/search.ts';
import { searchItems } from '../src/server/modules/items/item-list.repo.ts';
const engine = process.argv[2] ?? 'sqlite';
let log: string[] = [];
const logger = (e: any) => { if (e.level === 'query') log.push(`${e.queryDurationMillis.toFixed(1)}ms ${e.query.sql.replace(/\s+/g, ' ').slice(0, 160)}`); };
let db: Kysely<any>;
if (engine === 'sqlite') {
  const s = new SqliteDatabase('/work/scratch/million-sqlite/yardkeep.sqlite', { readonly: true });
  db = new Kysely({ dialect: new SqliteDialect({ database: s }), log: logger });
} else {
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://yardkeep_ci:yardkeep_ci@127.0.0.1:5432/million_1m', max: 2 }) }), log: logger });
}
const biggest = await db.selectFrom('items').select(['client_id', db.fn.countAll().as('n')]).where('client_id', 'is not', null).groupBy('client_id').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
const name = (await db.selectFrom('items').select('name').where('name','is not',null).limit(1).executeTakeFirstOrThrow()).name as string;
const queries = ['crate','scafold tube','panel 2x4','pallet','truss','stage deck','cable','tarp','lighting','riser 1m','fabric','bolts','chair','warehouse','pallett','table','speaker', name.slice(0, 12),'ab'];
const only = process.argv[3];
const callers: Record<string, any> = {
  staff: { scope: { kind: 'all' } },
  client: { scope: { kind: 'client', clientId: biggest.client_id } },
  staffType: { scope: { kind: 'all' }, statuses: ['Crate'] },
  clientType: { scope: { kind: 'client', clientId: biggest.client_id }, statuses: ['Pallet'] },
};
for (const [who, filters] of Object.entries(callers)) {
  if (only && only !== who) continue;
  for (const q of queries) {
    log = [];
    const t0 = performance.now();
    const r = await searchItems(db, engine as any, { filters, plan: planSearch(q)!, limit: 50, offset: 0 });
    const ms = performance.now() - t0;
    console.log(`${who} ${JSON.stringify(q)} ${ms.toFixed(0)}ms total=${r.total}${r.capped ? '+' : ''}`);
    if (ms > 40) for (const l of log) console.log('   ', l);
  }
}
await db.destroy();
