import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBER_ROLE_LABELS, roleOf } from '../../../common/permissions.ts';
import type { Member } from '../../../common/schemas/member.ts';
import { confirm, notify } from '../../components/dialogs/index.ts';
import { openForm } from '../../components/forms/index.ts';
import { runListAction } from '../../components/lists/list-action.ts';
import { BorderedList } from '../../components/lists/BorderedList.tsx';
import { QueryList } from '../../components/lists/QueryList.tsx';
import { RowMenu } from '../../components/lists/RowMenu.tsx';
import {
  memberQueries,
  useChangeMemberPassword,
  useCreateMember,
  useDeleteMember,
} from '../members/api.ts';
import { clientEntity } from '../clients/api.ts';

/** The profile's Users tab (admins): add a member, change a password, delete. */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const members = useQuery(memberQueries.list());
  const queryClient = useQueryClient();
  const createMember = useCreateMember();
  const deleteMember = useDeleteMember();
  const changePassword = useChangeMemberPassword();
  const createClient = clientEntity.useCreate();

  const onAdd = async () => {
    // The form's client list is fixed when it opens: wait for the clients rather than
    // open it empty when "Add a Member" is pressed before they have loaded.
    const clients = await queryClient.ensureQueryData(clientEntity.queries.list());
    const added = await openForm(
      () => import('./AddMember.form.tsx'),
      {
        clients: clients.map((c) => ({ value: c.id, label: c.name })),
        createClient: (name: string) => createClient.mutateAsync({ name }),
        save: (body) => createMember.mutateAsync(body),
      },
      { title: 'Add a Member' },
    );
    if (added) notify(`${added.email} was added. A verification email is on its way.`);
  };

  const onEdit = async (member: Member) => {
    const go = await confirm({
      warning: `You are about to change the password for ${member.email}.`,
      yesLabel: 'Continue',
      safe: true,
    });
    if (!go) return;
    const changed = await openForm(
      () => import('./MemberPassword.form.tsx'),
      {
        email: member.email,
        save: (password: string) => changePassword.mutateAsync({ id: member.id, password }),
      },
      { title: 'Change password' },
    );
    if (changed) notify(`The password for ${member.email} was changed.`);
  };

  const onDelete = async (member: Member) => {
    if (
      await confirm({ warning: `You are about to delete ${member.email}.`, yesLabel: 'Delete' })
    ) {
      await runListAction('Member not deleted', () => deleteMember.mutateAsync(member.id));
    }
  };

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => void onAdd()}>Add a Member</Button>
      </Group>
      <QueryList query={members} empty="No members yet">
        {(rows) => (
          <BorderedList label="Members" rows={rows} rowKey={(member) => member.id}>
            {(member) => (
              <>
                <Stack gap={2} miw={0}>
                  <Anchor href={`mailto:${member.email}`} truncate="end">
                    {member.email}
                  </Anchor>
                  <Group gap={6}>
                    <MemberBadges member={member} self={member.id === currentUserId} />
                  </Group>
                </Stack>
                <RowMenu
                  name={member.email}
                  onEdit={() => void onEdit(member)}
                  onDelete={() => void onDelete(member)}
                />
              </>
            )}
          </BorderedList>
        )}
      </QueryList>
    </Stack>
  );
}

const ROLE_COLORS = { client: 'teal.9', admin: 'indigo.9', staff: 'gray.8' } as const;

function MemberBadges({ member, self }: { member: Member; self: boolean }) {
  const kind = roleOf(member);
  const role =
    kind === 'client'
      ? `${MEMBER_ROLE_LABELS.client}: ${member.client_name ?? 'unknown client'}`
      : MEMBER_ROLE_LABELS[kind];
  // Outline badges in dark shades: the light variants are below AA contrast at this size.
  const color = ROLE_COLORS[kind];
  return (
    <>
      <Badge variant="outline" size="sm" color={color} maw="100%">
        {role}
      </Badge>
      {self && (
        <Badge variant="outline" size="sm" color="gray.8">
          You
        </Badge>
      )}
      {!member.email_verified && (
        <Badge variant="outline" size="sm" color="orange.9">
          Not verified
        </Badge>
      )}
    </>
  );
}
