import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../src/server/lib/ids.ts';

/** A client row. Replaced by the clients repository once that module exists. */
export async function buildClient(app: FastifyInstance, overrides: { name?: string } = {}) {
  const now = nowIso();
  const row = {
    id: newId(),
    name: overrides.name ?? `Client ${newId(6)}`,
    created_at: now,
    updated_at: now,
  };
  await app.db.insertInto('clients').values(row).execute();
  return row;
}
