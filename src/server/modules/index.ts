import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerActivityRoutes } from './activity/activity.routes.ts';
import { registerClientRoutes } from './clients/clients.routes.ts';
import { registerComponentRoutes } from './components/components.routes.ts';
import { registerLocationRoutes } from './locations/locations.routes.ts';
import { registerManifestRoutes } from './manifests/manifests.routes.ts';
import { registerMemberRoutes } from './members/members.routes.ts';
import { registerSystemRoutes } from './system.routes.ts';
import { registerLabelRoutes } from './labels/labels.routes.ts';
import { registerImageRoutes } from './images/images.routes.ts';
import { registerUploadRoutes } from './uploads/uploads.routes.ts';
import { registerItemRoutes } from './items/items.routes.ts';
import { registerRoundTripRoutes } from './round-trip/round-trip.routes.ts';
import { registerPrintingRoutes } from './printing/printing.routes.ts';
import { registerImportRoutes } from './import/import.routes.ts';
import { registerTokenRoutes } from './tokens/tokens.routes.ts';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.ts';
import { registerInspectionRoutes } from './inspections/inspections.routes.ts';
import { registerReservationRoutes } from './reservations/reservations.routes.ts';
import { registerStocktakeRoutes } from './stocktakes/stocktakes.routes.ts';

/** Every API module, mounted under /api. A module is public only route by route. */
export function registerApiModules(api: FastifyInstance): void {
  registerSystemRoutes(api);
  registerAuthRoutes(api);
  registerMemberRoutes(api);
  registerClientRoutes(api);
  registerLocationRoutes(api);
  registerComponentRoutes(api);
  registerManifestRoutes(api);
  registerActivityRoutes(api);
  registerLabelRoutes(api);
  registerImageRoutes(api);
  registerUploadRoutes(api);
  registerItemRoutes(api);
  registerRoundTripRoutes(api);
  registerPrintingRoutes(api);
  registerImportRoutes(api);
  registerTokenRoutes(api);
  registerWebhookRoutes(api);
  registerInspectionRoutes(api);
  registerReservationRoutes(api);
  registerStocktakeRoutes(api);
}
