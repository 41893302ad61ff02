import type { FastifyInstance } from 'fastify';
import type { ManifestInput } from '../../src/common/schemas/manifest.ts';
import { newId } from '../../src/server/lib/ids.ts';
import { createManifest } from '../../src/server/modules/manifests/manifests.service.ts';
import { addRequirement } from '../../src/server/modules/manifests/requirements.service.ts';

/** A manifest, created through the manifests service. */
export async function buildManifest(app: FastifyInstance, overrides: Partial<ManifestInput> = {}) {
  return createManifest(app, { name: `Manifest ${newId(6)}`, ...overrides }, null);
}

/** A requirement of `count` (default 1) of a component type on a manifest. */
export async function buildRequirement(
  app: FastifyInstance,
  manifestId: string,
  componentId: string,
  count = 1,
) {
  return addRequirement(app, manifestId, { component_id: componentId, count }, null);
}
