import { serviceTokensApi, tokensApi } from '../../../common/api/tokens.ts';
import type { BodyOf } from '../../../common/api/contract.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/**
 * Personal access tokens (everyone) and service tokens (admins), as the profile lists them:
 * the same list and revoke at two addresses.
 */
const TOKEN_APIS = { personal: tokensApi, service: serviceTokensApi };
export type TokenKind = keyof typeof TOKEN_APIS;

export const tokenQueries = {
  all: () => ['tokens'] as const,
  list: (kind: TokenKind) =>
    endpointQuery([...tokenQueries.all(), kind] as const, TOKEN_APIS[kind].list, {}),
};

export type CreateTokenBody = BodyOf<typeof tokensApi.create>;
export type CreateServiceTokenBody = BodyOf<typeof serviceTokensApi.create>;

export function useCreateToken() {
  return useWrite([tokenQueries.all()], (body: CreateTokenBody) =>
    callApi(tokensApi.create, { body }),
  );
}

export function useRevokeToken(kind: TokenKind) {
  return useWrite([tokenQueries.all()], (id: string) =>
    callApi(TOKEN_APIS[kind].revoke, { params: { id } }),
  );
}

export function useCreateServiceToken() {
  return useWrite([tokenQueries.all()], (body: CreateServiceTokenBody) =>
    callApi(serviceTokensApi.create, { body }),
  );
}
