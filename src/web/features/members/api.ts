import { useMutation } from '@tanstack/react-query';
import { membersApi } from '../../../common/api/auth.ts';
import type { BodyOf } from '../../../common/api/contract.ts';
import { callApi } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** Members as admins manage them in the profile's Users tab (admin only). */
export const memberQueries = {
  all: () => ['members'] as const,
  list: () => endpointQuery([...memberQueries.all(), 'list'] as const, membersApi.list, {}),
};

export function useCreateMember() {
  return useWrite([memberQueries.all()], (body: BodyOf<typeof membersApi.create>) =>
    callApi(membersApi.create, { body }),
  );
}

export function useDeleteMember() {
  return useWrite([memberQueries.all()], (id: string) =>
    callApi(membersApi.remove, { params: { id } }),
  );
}

export function useChangeMemberPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      callApi(membersApi.changePassword, { params: { id }, body: { password } }),
  });
}
