import type { FastifyInstance } from 'fastify';
import { containersApi } from '../../../common/api/containers.ts';
import { roundTripApi } from '../../../common/api/round-trip.ts';
import { withItemAbilities, withManifestAbilities } from '../../../common/job-stages.ts';
import { route } from '../../http/route.ts';
import * as containers from '../containers/containers.service.ts';
import * as roundTrip from './round-trip.service.ts';

/** Containers, and a job's round trip: dispatch, returns, close, the jobs that are out. */
export function registerRoundTripRoutes(app: FastifyInstance): void {
  route(app, containersApi.contents, async ({ params, query, user, role }) =>
    (await containers.listContents(app, params.id, query.deep ?? false, user)).map((item) =>
      withItemAbilities(role, item),
    ),
  );
  route(app, containersApi.containers, async ({ params, user }) =>
    containers.listContainers(app, params.id, user),
  );
  route(app, roundTripApi.dispatch, async ({ params, body, user, role }) =>
    withManifestAbilities(role, await roundTrip.dispatchJob(app, params.id, user, body)),
  );
  route(app, roundTripApi.returnItem, async ({ params, body, user }) =>
    roundTrip.returnItem(app, params.id, body, user),
  );
  route(app, roundTripApi.returns, async ({ params, user }) =>
    roundTrip.jobReturns(app, params.id, user),
  );
  route(app, roundTripApi.close, async ({ params, user, role }) =>
    withManifestAbilities(role, await roundTrip.closeJob(app, params.id, user)),
  );
  route(app, roundTripApi.out, async ({ user, role }) =>
    (await roundTrip.outJobs(app, user)).map((job) => withManifestAbilities(role, job)),
  );
}
