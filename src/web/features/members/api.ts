import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { membersApi } from '../../../common/api/auth.ts';
import type { BodyOf } from '../../../common/api/contract.ts';
import { callApi } from '../../lib/api.ts';

/** Members as admins manage them in the profile's Users tab (admin only). */
export const memberQueries = {
  all: () => ['members'] as const,
  list: () =>
    queryOptions({
      queryKey: [...memberQueries.all(), 'list'] as const,
      queryFn: () => callApi(membersApi.list, {}),
    }),
};

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof membersApi.create>) => callApi(membersApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
  });
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(membersApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberQueries.all() }),
  });
}

export function useChangeMemberPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      callApi(membersApi.changePassword, { params: { id }, body: { password } }),
  });
}
