import type { Endpoint } from './contract.ts';
import { authApi, membersApi } from './auth.ts';
import { activityApi } from './activity.ts';
import { clientsApi, componentsApi, locationsApi } from './catalog.ts';
import { manifestsApi, requirementsApi } from './manifests.ts';
import { systemApi } from './system.ts';
import { labelsApi } from './labels.ts';
import { imagesApi, uploadsApi } from './images.ts';
import { itemComponentsApi, itemsApi } from './items.ts';
import { containersApi } from './containers.ts';
import { roundTripApi } from './round-trip.ts';
import { importApi } from './import.ts';
import { printingApi } from './printing.ts';
import { serviceTokensApi, tokensApi } from './tokens.ts';
import { webhooksApi } from './webhooks.ts';
import { inspectionKindsApi, inspectionsApi } from './inspections.ts';
import { reservationsApi } from './reservations.ts';
import { stocktakesApi } from './stocktakes.ts';

/** Every endpoint of the API, grouped by area. openapi.json is generated from this. */
export const api = {
  system: systemApi,
  auth: authApi,
  members: membersApi,
  clients: clientsApi,
  locations: locationsApi,
  components: componentsApi,
  manifests: manifestsApi,
  requirements: requirementsApi,
  activity: activityApi,
  labels: labelsApi,
  images: imagesApi,
  uploads: uploadsApi,
  items: itemsApi,
  itemComponents: itemComponentsApi,
  containers: containersApi,
  roundTrip: roundTripApi,
  import: importApi,
  printing: printingApi,
  tokens: tokensApi,
  serviceTokens: serviceTokensApi,
  webhooks: webhooksApi,
  inspectionKinds: inspectionKindsApi,
  inspections: inspectionsApi,
  reservations: reservationsApi,
  stocktakes: stocktakesApi,
};

export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);
}

/**
 * Each endpoint's stable operationId for openapi.json and generated clients: its place in
 * `api` (`items.list` → `itemsList`), which does not move when a path or summary changes.
 */
export function operationIds(): Map<Endpoint, string> {
  const ids = new Map<Endpoint, string>();
  for (const [group, endpoints] of Object.entries(api)) {
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      ids.set(endpoint, `${group}${name.charAt(0).toUpperCase()}${name.slice(1)}`);
    }
  }
  return ids;
}
