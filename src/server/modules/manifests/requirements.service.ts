import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Requirement } from '../../../common/schemas/requirement.ts';
import { badRequest, conflict } from '../../errors.ts';
import { entityActivity } from '../activity/activity.repo.ts';
import { countLinesService } from '../catalog/count-lines.service.ts';
import { rowExists } from '../catalog/named.repo.ts';
import { EVERYTHING, scopeOf } from '../catalog/scope.ts';
import { manifestsRepo, type ManifestRow } from './manifests.repo.ts';
import { findManifest } from './manifests.service.ts';
import { requirementsRepo } from './requirements.repo.ts';
import { recheckRequirement } from '../reservations/reservation-checks.ts';

const lines = countLinesService<ManifestRow, Requirement>({
  repo: requirementsRepo,
  noun: 'Requirement',
  findOwner: (db, id) => findManifest(db, id, EVERYTHING),
  // A requirement is part of its manifest: it is the manifest that changed.
  async ownerChanged(trx, manifest, actor, now) {
    await manifestsRepo.touch(trx, manifest.id, now);
    await entityActivity(trx, 'MANIFEST', actor, manifest, 'UPDATE');
  },
  async checkComponent(db, id) {
    if (!(await rowExists(db, 'components', id))) {
      throw badRequest('That component type does not exist.');
    }
  },
  duplicate: () =>
    conflict(
      'This component type is already on the manifest. Change its count instead.',
      'already_required',
    ),
  // A requirement added or raised on a reserved job holds more: checked in this transaction.
  async afterWrite(trx, manifest, line, options, actor) {
    if (line.count <= line.previous) return;
    await recheckRequirement(trx, manifest.id, line.component_id, options, actor);
  },
});

export async function listRequirements(
  app: FastifyInstance,
  manifestId: string,
  user: CurrentUser,
): Promise<Requirement[]> {
  await findManifest(app.db, manifestId, scopeOf(user));
  return requirementsRepo.list(app.db, app.dialect, manifestId);
}

export const addRequirement = lines.add;
export const setRequirementCount = lines.setCount;
export const removeRequirement = lines.remove;
