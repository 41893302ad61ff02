import type { FastifyInstance } from 'fastify';
import type {
  InspectionKind,
  InspectionKindInput,
  InspectionKindUpdate,
} from '../../../common/schemas/inspection.ts';
import { badRequest, conflict, notFound, staleVersion } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { namedRepo } from '../catalog/named.repo.ts';
import { EVERYTHING } from '../catalog/scope.ts';
import { inspectionKindsRepo, type KindRow } from './inspections.repo.ts';

const componentsRepo = namedRepo('components');

export function toKind(row: KindRow): InspectionKind {
  return { ...row, blocks_dispatch: row.blocks_dispatch === 1 };
}

const NAME_TAKEN = 'This component type already has an inspection kind of that name.';

export async function listKinds(app: FastifyInstance): Promise<InspectionKind[]> {
  return (await inspectionKindsRepo.list(app.db)).map(toKind);
}

async function findKind(app: FastifyInstance, id: string): Promise<KindRow> {
  const row = await inspectionKindsRepo.find(app.db, id);
  if (!row) throw notFound('Inspection kind');
  return row;
}

/** "PAT test (Cable)": the feed names a kind with its component type. */
const subject = (row: { id: string; name: string; component_name: string }) => ({
  id: row.id,
  name: `${row.name} (${row.component_name})`,
});

export async function createKind(
  app: FastifyInstance,
  input: InspectionKindInput,
  actor: Actor,
): Promise<InspectionKind> {
  const id = newId();
  await app.db.transaction().execute(async (trx) => {
    const component = await componentsRepo.find(trx, input.component_id, EVERYTHING);
    if (!component) throw badRequest('That component type does not exist.');
    if (await inspectionKindsRepo.nameTaken(trx, input.component_id, input.name)) {
      throw conflict(NAME_TAKEN);
    }
    await inspectionKindsRepo.insert(trx, { id, ...input }, nowIso());
    await entityActivity(
      trx,
      'INSPECTION_KIND',
      actor,
      subject({ id, name: input.name, component_name: component.name }),
      'CREATE',
      `every ${input.interval_days} days${input.blocks_dispatch ? ', blocks dispatch' : ''}`,
    );
  });
  return toKind(await findKind(app, id));
}

export async function updateKind(
  app: FastifyInstance,
  id: string,
  input: InspectionKindUpdate,
  expected: ExpectedVersion,
  actor: Actor,
): Promise<InspectionKind> {
  const { version: _, ...values } = input;
  await app.db.transaction().execute(async (trx) => {
    const before = await inspectionKindsRepo.find(trx, id);
    if (!before) throw notFound('Inspection kind');
    if (
      values.name !== undefined &&
      (await inspectionKindsRepo.nameTaken(trx, before.component_id, values.name, id))
    ) {
      throw conflict(NAME_TAKEN);
    }
    if (!(await inspectionKindsRepo.update(trx, id, values, nowIso(), expected))) {
      throw staleVersion('Inspection kind', toKind(before));
    }
    const after = (await inspectionKindsRepo.find(trx, id))!;
    await entityActivity(
      trx,
      'INSPECTION_KIND',
      actor,
      subject(after),
      'UPDATE',
      `every ${after.interval_days} days${after.blocks_dispatch ? ', blocks dispatch' : ''}`,
    );
  });
  return toKind(await findKind(app, id));
}

/** Refused once inspections of the kind are recorded: their history would lose its name. */
export async function deleteKind(app: FastifyInstance, id: string, actor: Actor): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const row = await inspectionKindsRepo.find(trx, id);
    if (!row) throw notFound('Inspection kind');
    const recorded = await inspectionKindsRepo.inspectionCount(trx, id);
    if (recorded > 0) {
      throw conflict(
        `This inspection kind has ${recorded} recorded ${recorded === 1 ? 'inspection' : 'inspections'}.`,
        'in_use',
      );
    }
    await inspectionKindsRepo.remove(trx, id);
    await entityActivity(trx, 'INSPECTION_KIND', actor, subject(row), 'DELETE');
  });
}
