import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../src/server/lib/ids.ts';
import { generateLabelCode } from '../../src/server/lib/label-codes.ts';
import { labelsRepo } from '../../src/server/modules/labels/labels.repo.ts';

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
