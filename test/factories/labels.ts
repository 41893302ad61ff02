import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../src/server/lib/ids.ts';
import { generateLabelCode } from '../../src/server/lib/label-codes.ts';
import { labelsRepo } from '../../src/server/modules/labels/labels.repo.ts';

/** An old timestamp, so a test can tell that a change touched updated_at. */
export const LONG_AGO = '2020-01-01T00:00:00.000Z';

/**
 * An item row inserted directly: the label and image tests must not depend on the items
 * module, which only has to agree with them about the table.
 */
export async function insertItem(
  app: FastifyInstance,
  overrides: { name?: string | null; updated_at?: string } = {},
) {
  const row = {
    id: newId(),
    name: overrides.name === undefined ? `Item ${newId(6)}` : overrides.name,
    created_at: LONG_AGO,
    updated_at: overrides.updated_at ?? LONG_AGO,
  };
  await app.db.insertInto('items').values(row).execute();
  return row;
}

/** A label with a fresh code, free unless item_id is given. */
export async function buildLabel(
  app: FastifyInstance,
  overrides: { id?: string; item_id?: string | null; updated_at?: string } = {},
) {
  const id = overrides.id ?? generateLabelCode();
  const now = overrides.updated_at ?? nowIso();
  await labelsRepo.insert(app.db, { id, item_id: overrides.item_id ?? null, now });
  const label = await labelsRepo.find(app.db, id);
  if (!label) throw new Error('buildLabel: the label was not stored');
  return label;
}
