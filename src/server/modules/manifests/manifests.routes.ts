import type { FastifyInstance } from 'fastify';
import { manifestsApi, requirementsApi } from '../../../common/api/manifests.ts';
import { withManifestAbilities } from '../../../common/job-stages.ts';
import { route } from '../../http/route.ts';
import * as manifests from './manifests.service.ts';
import * as requirements from './requirements.service.ts';

export function registerManifestRoutes(app: FastifyInstance): void {
  // Every manifest answer carries what the caller may do next with it.
  route(app, manifestsApi.list, async ({ user, role }) =>
    (await manifests.listManifests(app, user)).map((m) => withManifestAbilities(role, m)),
  );
  route(app, manifestsApi.get, async ({ params, user, role }) =>
    withManifestAbilities(role, await manifests.getManifest(app, params.id, user)),
  );
  route(app, manifestsApi.create, async ({ body, user, role }) =>
    withManifestAbilities(role, await manifests.createManifest(app, body, user)),
  );
  route(app, manifestsApi.update, async ({ params, body, user, role, expectedVersion }) => {
    const { version: _version, ...fields } = body;
    const manifest = await manifests.updateManifest(app, params.id, fields, user, expectedVersion);
    return withManifestAbilities(role, manifest);
  });
  route(app, manifestsApi.remove, async ({ params, user }) => {
    await manifests.deleteManifest(app, params.id, user);
    return { ok: true as const };
  });
  route(app, manifestsApi.duplicate, async ({ body, user, role }) =>
    withManifestAbilities(role, await manifests.duplicateManifest(app, body, user)),
  );

  route(app, requirementsApi.list, async ({ params, user }) =>
    requirements.listRequirements(app, params.id, user),
  );
  route(app, requirementsApi.create, async ({ params, body, user }) =>
    requirements.addRequirement(app, params.id, body, user),
  );
  route(app, requirementsApi.update, async ({ params, body, user, expectedVersion }) =>
    requirements.setRequirementCount(
      app,
      params.manifestId,
      params.componentId,
      body.count,
      user,
      expectedVersion,
      { override: body.override, override_note: body.override_note },
    ),
  );
  route(app, requirementsApi.remove, async ({ params, user }) => {
    await requirements.removeRequirement(app, params.manifestId, params.componentId, user);
    return { ok: true as const };
  });
}
