import { lazy, Suspense, useState } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm, guarded } from '../../../components/dialogs/index.ts';
import { componentTypeEntity } from '../../component-types/api.ts';
import {
  packingQueries,
  useAddItemComponent,
  useRemoveItemComponent,
  useUpdateItemComponent,
} from '../../manifests/api.ts';

// Editing controls (menus, number inputs, selects) load for editors only: a phone opening a
// label to look at the item never needs them (docs/decisions.md, "Fast on a phone").
const ComponentCountForm = lazy(() =>
  import('../../manifests/ComponentCountForm.tsx').then((m) => ({ default: m.ComponentCountForm })),
);
const CountEditor = lazy(() =>
  import('../../manifests/CountEditor.tsx').then((m) => ({ default: m.CountEditor })),
);
// The menu's code loads for editors only: a visitor opening a label never needs it.
const RowMenu = lazy(() =>
  import('../../../components/lists/RowMenu.tsx').then((m) => ({ default: m.RowMenu })),
);

/**
 * What an item contains (component type and count): these count towards the manifests it
 * is packed on. Everyone who can see the item sees them; editors add, change and remove
 * them in place, with "Create a component" beside the dropdown.
 */
export function ItemComponentsSection({ itemId, canEdit }: { itemId: string; canEdit: boolean }) {
  const list = useQuery(packingQueries.itemComponents(itemId));
  const components = useQuery({ ...componentTypeEntity.queries.list(), enabled: canEdit });
  const add = useAddItemComponent(itemId);
  const update = useUpdateItemComponent(itemId);
  const remove = useRemoveItemComponent(itemId);
  const [editing, setEditing] = useState<string | null>(null);

  const present = new Set((list.data ?? []).map((c) => c.component_id));
  const choices = (components.data ?? []).filter((c) => !present.has(c.id));

  const removeComponent = async (componentId: string, name: string) => {
    const yes = await confirm({
      warning: `This will remove ${name} from this item`,
      yesLabel: 'Remove',
    });
    if (yes) await guarded(() => remove.mutateAsync(componentId));
  };

  return (
    <Paper component="section" aria-labelledby="item-components-heading" withBorder p="sm" mt="md">
      <Title order={2} size="h4" id="item-components-heading" mb="xs">
        Components
      </Title>
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading components" />
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : list.data.length === 0 ? (
        <Text c="gray.7">No Components</Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Item components"
        >
          {list.data.map((row) => (
            <li key={row.component_id} data-testid="item-component">
              <Group justify="space-between" wrap="nowrap" gap="xs" mih={40}>
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {row.component_name} <strong>× {row.count}</strong>
                </Text>
                {canEdit && (
                  <Suspense fallback={null}>
                    <RowMenu
                      name={row.component_name}
                      editLabel="Edit count"
                      deleteLabel="Remove"
                      onEdit={() => setEditing(row.component_id)}
                      onDelete={() => void removeComponent(row.component_id, row.component_name)}
                    />
                  </Suspense>
                )}
              </Group>
              {editing === row.component_id && (
                <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
                  <CountEditor
                    componentName={row.component_name}
                    count={row.count}
                    version={row.version}
                    onSave={(count, version) =>
                      update.mutateAsync({ componentId: row.component_id, count, version })
                    }
                    onDone={() => setEditing(null)}
                  />
                </Suspense>
              )}
            </li>
          ))}
        </Stack>
      )}
      {canEdit && (
        <Paper withBorder p="xs" mt="sm" radius="sm">
          <Text size="sm" fw={600} mb={4}>
            Add a component
          </Text>
          <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
            <ComponentCountForm
              ariaLabel="Add a component to this item"
              choices={choices}
              submitLabel="Add"
              onSubmit={(value) => add.mutateAsync(value)}
            />
          </Suspense>
        </Paper>
      )}
    </Paper>
  );
}
