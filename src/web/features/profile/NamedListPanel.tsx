import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { confirm, formModal } from '../../components/dialogs/index.ts';
import { renameInForm } from '../../lib/versioned-edit.ts';
import { RowMenu } from './RowMenu.tsx';
import { runListAction } from './actions.ts';

interface Named {
  id: string;
  name: string;
  version: number;
}

export interface NamedListPanelProps {
  /** 'Client' or 'Location': "Create a Client", "No clients yet". */
  noun: string;
  list: UseQueryResult<Named[]>;
  create: (name: string) => Promise<unknown>;
  rename: (id: string, name: string, version: number) => Promise<Named>;
  remove: (id: string) => Promise<unknown>;
}

const nameField = [{ name: 'name', label: 'Name', required: true, autoComplete: 'off' }];

/**
 * The Clients and Locations tabs: a create button and the names with an Edit/Delete
 * menu. Deleting one still in use is refused by the server (409); its message is shown.
 */
export function NamedListPanel({ noun, list, create, rename, remove }: NamedListPanelProps) {
  const lower = noun.toLowerCase();

  const onCreate = () =>
    formModal({
      title: `Create a ${noun}`,
      fields: nameField,
      submitLabel: 'Create',
      onSubmit: (v) => create(String(v.name).trim()),
    });

  const onEdit = (row: Named) =>
    renameInForm({
      noun: lower,
      title: `Edit ${lower}`,
      row,
      save: (name, version) => rename(row.id, name, version),
      onTheirs: () => list.refetch(),
    });

  const onDelete = async (row: Named) => {
    if (await confirm({ warning: `This will delete ${row.name}`, yesLabel: 'Delete' })) {
      await runListAction(`${noun} not deleted`, () => remove(row.id));
    }
  };

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => void onCreate()}>Create a {noun}</Button>
      </Group>
      {list.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="gray.7">No {lower}s yet</Text>
      ) : (
        <Paper
          withBorder
          component="ul"
          aria-label={`${noun}s`}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {list.data.map((row, index) => (
            <Group
              component="li"
              key={row.id}
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
              <Text truncate>{row.name}</Text>
              <RowMenu
                name={row.name}
                onEdit={() => void onEdit(row)}
                onDelete={() => void onDelete(row)}
              />
            </Group>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
