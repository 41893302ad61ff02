import { serviceTokensApi, tokensApi } from '../../../common/api/tokens.ts';
import type { BodyOf } from '../../../common/api/contract.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** Personal access tokens (everyone) and service tokens (admins), as the profile lists them. */
export const tokenQueries = {
  all: () => ['tokens'] as const,
  personal: () => endpointQuery([...tokenQueries.all(), 'personal'] as const, tokensApi.list, {}),
  service: () =>
    endpointQuery([...tokenQueries.all(), 'service'] as const, serviceTokensApi.list, {}),
};

export type CreateTokenBody = BodyOf<typeof tokensApi.create>;
export type CreateServiceTokenBody = BodyOf<typeof serviceTokensApi.create>;

export function useCreateToken() {
  return useWrite([tokenQueries.all()], (body: CreateTokenBody) =>
    callApi(tokensApi.create, { body }),
  );
}

export function useRevokeToken() {
  return useWrite([tokenQueries.all()], (id: string) =>
    callApi(tokensApi.revoke, { params: { id } }),
  );
}

export function useCreateServiceToken() {
  return useWrite([tokenQueries.all()], (body: CreateServiceTokenBody) =>
    callApi(serviceTokensApi.create, { body }),
  );
}

export function useRevokeServiceToken() {
  return useWrite([tokenQueries.all()], (id: string) =>
    callApi(serviceTokensApi.revoke, { params: { id } }),
  );
}
