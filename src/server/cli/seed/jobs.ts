import type { Insertable, Kysely } from 'kysely';
import { addDays, windowOf } from '../../../common/reservations.ts';
import type {
  Database,
  ManifestsTable,
  RequirementsTable,
  ReservationsTable,
} from '../../db/schema.ts';
import { createRandom } from './random.ts';
import { seedRepo } from './seed.repo.ts';

/** Jobs now and then carry this many named lines: the benchmark's "job of 500 lines". */
export const BIG_JOB_LINES = 500;

const PRODUCTIONS = [
  'Summer show',
  'Autumn fair',
  'Trade stand',
  'Gala dinner',
  'Tour leg',
  'Launch',
];

/**
 * `count` jobs spread over five years around today (`npm run seed -- --jobs 2000`): past
 * ones closed, today's out, future ones mostly reserved, the rest planning. Each has a
 * window of 2–14 days with 0–2 prep and turnaround days, 1–5 requirements and 0–30 named
 * lines (one in a hundred has 500), drawn from the seeded items, so availability, the
 * calendar and reserve can be measured at size (scripts/bench-reservations.ts). Overlaps
 * are left as they fall: some reserved jobs are overbooked, as after overrides.
 */
export async function seedJobs(
  db: Kysely<Database>,
  seed: number,
  count: number,
  log: (line: string) => void,
): Promise<number> {
  if (count === 0) return 0;
  const random = createRandom(seed, 'jobs');
  const items = await db
    .selectFrom('items')
    .select(['id', 'component_id'])
    .where('component_id', 'is not', null)
    .execute();
  const clients = (await db.selectFrom('clients').select('id').execute()).map((c) => c.id);
  const types = [...new Set(items.map((i) => i.component_id!))];
  const today = new Date().toISOString().slice(0, 10);
  const start = addDays(today, -3 * 365);
  const span = 5 * 365;
  const now = new Date().toISOString();

  const manifests: Insertable<ManifestsTable>[] = [];
  const requirements: Insertable<RequirementsTable>[] = [];
  const reservations: Insertable<ReservationsTable>[] = [];
  for (let i = 0; i < count; i++) {
    const id = random.id();
    const out = addDays(start, random.int(0, span));
    const due = addDays(out, random.int(1, 13));
    const dates = {
      out_date: out,
      due_date: due,
      prep_days: random.int(0, 2),
      turnaround_days: random.int(0, 2),
    };
    const window = windowOf(dates)!;
    const stage =
      window.to < today
        ? 'closed'
        : window.from <= today
          ? 'out'
          : random.chance(0.7)
            ? 'reserved'
            : 'planning';
    manifests.push({
      id,
      name: `${random.pick(PRODUCTIONS)} ${out.slice(0, 4)} #${i + 1}`,
      note: null,
      status: null,
      client_id: clients.length && random.chance(0.9) ? random.pick(clients) : null,
      stage,
      ...dates,
      window_from: window.from,
      window_to: window.to,
      created_at: now,
      updated_at: now,
    });
    for (const type of random.sample(types, random.int(1, 5))) {
      requirements.push({
        manifest_id: id,
        component_id: type,
        count: random.int(1, 12),
        created_at: now,
        updated_at: now,
      });
    }
    // Out jobs hold what went out; their named lines are history, so only others get lines.
    if (stage === 'out' || items.length === 0) continue;
    const lines = random.chance(0.01) ? BIG_JOB_LINES : random.int(0, 30);
    for (const item of random.sample(items, lines)) {
      reservations.push({ manifest_id: id, item_id: item.id, via_item_id: null, created_at: now });
    }
  }
  // In the caller's transaction (seed/run.ts: the load's one on PostgreSQL).
  await seedRepo.insert(db, 'manifests', manifests);
  await seedRepo.insert(db, 'requirements', requirements);
  await seedRepo.insert(db, 'reservations', reservations);
  log(`  ${count} jobs with ${reservations.length} reservation lines`);
  return count;
}
