import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH, type Member } from '../../../common/schemas/member.ts';
import {
  confirm,
  formModal,
  notify,
  type FieldValue,
  type FormField,
} from '../../components/dialogs/index.ts';
import {
  memberQueries,
  useChangeMemberPassword,
  useCreateMember,
  useDeleteMember,
} from '../members/api.ts';
import { clientQueries, useCreateClient } from '../clients/api.ts';
import { RowMenu } from './RowMenu.tsx';
import { runListAction } from './actions.ts';

const passwordRule = (value: FieldValue) =>
  String(value ?? '').length < PASSWORD_MIN_LENGTH
    ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
    : null;

const ROLE_OPTIONS = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
  { value: 'client', label: 'Client user' },
];

/** The profile's Users tab (admins): add a member, change a password, delete. */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const members = useQuery(memberQueries.list());
  const clients = useQuery(clientQueries.list());
  const createMember = useCreateMember();
  const deleteMember = useDeleteMember();
  const changePassword = useChangeMemberPassword();
  const createClient = useCreateClient();

  const onAdd = async () => {
    const fields: FormField[] = [
      { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'off' },
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        required: true,
        autoComplete: 'new-password',
        description: `At least ${PASSWORD_MIN_LENGTH} characters; they can change it later`,
        validate: passwordRule,
      },
      { name: 'role', label: 'Role', type: 'select', required: true, options: ROLE_OPTIONS },
      {
        name: 'client_id',
        label: 'Client',
        type: 'select',
        description: 'Client users see only this client’s items',
        options: (clients.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        validate: (value, values) =>
          values.role === 'client' && !value ? 'Client is required for a client user' : null,
        create: {
          label: 'Create a client',
          fields: [{ name: 'name', label: 'Name', required: true }],
          submit: async (v) => {
            const client = await createClient.mutateAsync({ name: String(v.name).trim() });
            return { value: client.id, label: client.name };
          },
        },
      },
    ];
    const added = await formModal({
      title: 'Add a Member',
      fields,
      initialValues: { role: 'staff' },
      submitLabel: 'Add member',
      onSubmit: (v) =>
        createMember.mutateAsync({
          username: String(v.email).trim(),
          password: String(v.password),
          is_admin: v.role === 'admin',
          client_id: v.role === 'client' ? String(v.client_id) : null,
        }),
    });
    if (added) notify(`${added.email} was added. A verification email is on its way.`);
  };

  const onEdit = async (member: Member) => {
    const go = await confirm({
      warning: `You are about to change the password for ${member.email}.`,
      yesLabel: 'Continue',
      safe: true,
    });
    if (!go) return;
    const changed = await formModal({
      title: 'Change password',
      fields: [
        {
          name: 'password',
          label: 'New password',
          type: 'password',
          required: true,
          autoComplete: 'new-password',
          description: `For ${member.email}; at least ${PASSWORD_MIN_LENGTH} characters`,
          validate: passwordRule,
        },
      ],
      submitLabel: 'Change password',
      onSubmit: (v) => changePassword.mutateAsync({ id: member.id, password: String(v.password) }),
    });
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
      {members.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading" />
        </Center>
      ) : members.isError ? (
        <Alert color="red" role="alert">
          {members.error.message}
        </Alert>
      ) : members.data.length === 0 ? (
        <Text c="gray.7">No members yet</Text>
      ) : (
        <Paper
          withBorder
          component="ul"
          aria-label="Members"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {members.data.map((member, index) => (
            <Group
              component="li"
              key={member.id}
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="xs"
              style={
                index > 0
                  ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                  : undefined
              }
            >
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
            </Group>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

function MemberBadges({ member, self }: { member: Member; self: boolean }) {
  const role = member.client_id
    ? `Client user: ${member.client_name ?? 'unknown client'}`
    : member.is_admin
      ? 'Admin'
      : 'Staff';
  // Outline badges in dark shades: the light variants are below AA contrast at this size.
  const color = member.client_id ? 'teal.9' : member.is_admin ? 'indigo.9' : 'gray.8';
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
