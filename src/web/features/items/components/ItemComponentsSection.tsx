import { lazy, Suspense, useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm, guarded } from '../../../components/dialogs/index.ts';
import { EntitySection } from '../../../components/EntitySection.tsx';
import { PlainList, QueryList } from '../../../components/lists/QueryList.tsx';
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
  const add = useAddItemComponent(itemId);
  const update = useUpdateItemComponent(itemId);
  const remove = useRemoveItemComponent(itemId);
  const [editing, setEditing] = useState<string | null>(null);

  const removeComponent = async (componentId: string, name: string) => {
    const yes = await confirm({
      warning: `This will remove ${name} from this item`,
      yesLabel: 'Remove',
    });
    if (yes) await guarded(() => remove.mutateAsync(componentId));
  };

  return (
    <EntitySection id="item-components-heading" title="Components">
      <QueryList query={list} loadingLabel="Loading components" empty="No Components" compact>
        {(rows) => (
          <PlainList label="Item components">
            {rows.map((row) => (
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
                      line={row}
                      save={update.mutateAsync}
                      onDone={() => setEditing(null)}
                    />
                  </Suspense>
                )}
              </li>
            ))}
          </PlainList>
        )}
      </QueryList>
      {canEdit && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
          <ComponentCountForm
            title="Add a component"
            ariaLabel="Add a component to this item"
            taken={(list.data ?? []).map((c) => c.component_id)}
            onSubmit={add.mutateAsync}
          />
        </Suspense>
      )}
    </EntitySection>
  );
}
