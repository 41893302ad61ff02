import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { CreateRequirementInput, Requirement } from '../../../common/schemas/requirement.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { nowIso } from '../../lib/ids.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { isUniqueViolation, rowExists } from '../catalog/named.repo.ts';
import { scopeOf } from '../catalog/scope.ts';
import { manifestsRepo, type ManifestRow } from './manifests.repo.ts';
import { findManifest } from './manifests.service.ts';
import { requirementsRepo } from './requirements.repo.ts';

const ALREADY_REQUIRED =
  'This component type is already on the manifest. Change its count instead.';

/**
 * A requirement is part of its manifest: changing one updates the manifest's updated_at
 * and writes a MANIFEST UPDATE entry, in the same transaction.
 */
async function manifestChanged(
  trx: Transaction<Database>,
  manifest: ManifestRow,
  actor: Actor | null,
  now: string,
): Promise<void> {
  await manifestsRepo.touch(trx, manifest.id, now);
  await entityActivity(trx, 'MANIFEST', actor, manifest, 'UPDATE');
}

async function findRequirement(db: Kysely<Database>, manifestId: string, componentId: string) {
  const row = await requirementsRepo.find(db, manifestId, componentId);
  if (!row) throw notFound('Requirement');
  return row;
}

export async function listRequirements(
  app: FastifyInstance,
  manifestId: string,
  user: CurrentUser,
): Promise<Requirement[]> {
  await findManifest(app.db, manifestId, scopeOf(user));
  return requirementsRepo.list(app.db, app.dialect, manifestId);
}

/** A component type already required is a 409: adding silently would hide a typo. */
export async function addRequirement(
  app: FastifyInstance,
  manifestId: string,
  input: CreateRequirementInput,
  actor: Actor | null,
): Promise<Requirement> {
  const now = nowIso();
  return app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, manifestId);
    if (!(await rowExists(trx, 'components', input.component_id))) {
      throw badRequest('That component type does not exist.');
    }
    if (await requirementsRepo.find(trx, manifestId, input.component_id)) {
      throw conflict(ALREADY_REQUIRED, 'already_required');
    }
    try {
      await requirementsRepo.insert(trx, manifestId, input, now);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ALREADY_REQUIRED, 'already_required');
      throw err;
    }
    await manifestChanged(trx, manifest, actor, now);
    return findRequirement(trx, manifestId, input.component_id);
  });
}

export async function setRequirementCount(
  app: FastifyInstance,
  manifestId: string,
  componentId: string,
  count: number,
  actor: Actor | null,
  expected?: ExpectedVersion,
): Promise<Requirement> {
  const now = nowIso();
  return app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, manifestId);
    await findRequirement(trx, manifestId, componentId);
    if (!(await requirementsRepo.setCount(trx, manifestId, componentId, count, now, expected))) {
      throw staleVersion('Requirement', await findRequirement(trx, manifestId, componentId));
    }
    await manifestChanged(trx, manifest, actor, now);
    return findRequirement(trx, manifestId, componentId);
  });
}

export async function removeRequirement(
  app: FastifyInstance,
  manifestId: string,
  componentId: string,
  actor: Actor | null,
): Promise<void> {
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const manifest = await findManifest(trx, manifestId);
    await findRequirement(trx, manifestId, componentId);
    await requirementsRepo.delete(trx, manifestId, componentId);
    await manifestChanged(trx, manifest, actor, now);
  });
}
