import { ActionIcon, Alert, Center, Group, Loader, Menu, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Component } from '../../../common/schemas/component.ts';
import { alert, confirm, showError } from '../../components/dialogs/index.ts';
import { componentQueries, useDeleteComponent, useUpdateComponent } from './api.ts';
import { ApiError } from '../../lib/api.ts';
import { renameInForm } from '../../lib/versioned-edit.ts';

/**
 * The component types by name. Editors get an Edit/Delete menu per row; deleting a type
 * still in use is refused by the server with a message, which is shown as it is.
 */
export function ComponentList({ canEdit }: { canEdit: boolean }) {
  const list = useQuery(componentQueries.list());
  const update = useUpdateComponent();
  const remove = useDeleteComponent();

  const onEdit = (row: Component) =>
    renameInForm({
      noun: 'component',
      title: 'Edit component',
      row,
      save: (name, version) => update.mutateAsync({ id: row.id, name, version }),
      onTheirs: () => list.refetch(),
    });

  const onDelete = async (row: Component) => {
    if (!(await confirm({ warning: `This will delete ${row.name}`, yesLabel: 'Delete' }))) return;
    try {
      await remove.mutateAsync(row.id);
    } catch (error) {
      // "Still used by 3 items" is an answer to tell, not a crash to report.
      if (error instanceof ApiError && error.status < 500) {
        await alert(error.message, { title: 'Component not deleted' });
      } else {
        await showError(error);
      }
    }
  };

  if (list.isPending) {
    return (
      <Center py="md">
        <Loader aria-label="Loading the components" />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" role="alert">
        {list.error.message}
      </Alert>
    );
  }
  if (list.data.length === 0) return <Text c="gray.7">No components yet</Text>;
  return (
    <Paper
      withBorder
      component="ul"
      aria-label="Components"
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
          mih={48}
          data-testid="component-row"
          style={
            index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
          }
        >
          <Text style={{ overflowWrap: 'anywhere' }}>{row.name}</Text>
          {canEdit && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Actions for ${row.name}`}
                >
                  <svg
                    width="18"
                    height="18"
                    viewBox="0 0 24 24"
                    fill="currentColor"
                    aria-hidden="true"
                  >
                    <circle cx="12" cy="5" r="2" />
                    <circle cx="12" cy="12" r="2" />
                    <circle cx="12" cy="19" r="2" />
                  </svg>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void onEdit(row)}>Edit</Menu.Item>
                <Menu.Item color="red" onClick={() => void onDelete(row)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      ))}
    </Paper>
  );
}
