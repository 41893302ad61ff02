import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemApi } from '../../../common/api/system.ts';
import { callApi } from '../../lib/api.ts';

/** Fallbacks while /api/config loads (or if it fails): the page's own origin still counts. */
export const DEFAULT_PRODUCT_NAME = 'Yardkeep';

export const configQueries = {
  /** Product name and PUBLIC_URL: fixed for the life of the server, so fetched once. */
  public: () =>
    queryOptions({
      queryKey: ['config'] as const,
      queryFn: () => callApi(systemApi.config, {}),
      staleTime: Infinity,
      retry: 2,
    }),
};

export function usePublicConfig() {
  const { data } = useQuery(configQueries.public());
  return {
    productName: data?.product_name ?? DEFAULT_PRODUCT_NAME,
    publicUrl: data?.public_url ?? null,
    sso: data?.sso ?? null,
    passwordLogin: data?.password_login ?? 'on',
    loaded: data !== undefined,
  };
}
