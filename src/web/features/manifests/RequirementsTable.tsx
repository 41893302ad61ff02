import { Fragment, useState } from 'react';
import { Table, Text } from '@mantine/core';
import { confirm, guarded } from '../../components/dialogs/index.ts';
import { EntitySection } from '../../components/EntitySection.tsx';
import { QueryList } from '../../components/lists/QueryList.tsx';
import { useAddRequirement, useRemoveRequirement, useUpdateRequirement } from './api.ts';
import { ComponentCountForm } from './ComponentCountForm.tsx';
import { CountEditor } from './CountEditor.tsx';
import { RowMenu } from '../../components/lists/RowMenu.tsx';
import { balanceColor, balanceText } from './progress.ts';
import { useManifestProgress } from './useManifestProgress.ts';
import { overbookable } from '../reservations/OverrideDialog.tsx';
import { ActionsHeading } from '../../components/lists/TableHeader.tsx';

/**
 * What the manifest needs and how far packing is: component, required, packed, and
 * missing or over. Editors change a count or remove a requirement from its row and add
 * one below the table, all in place.
 */
export function RequirementsTable({
  manifestId,
  canEdit,
}: {
  manifestId: string;
  canEdit: boolean;
}) {
  const progress = useManifestProgress(manifestId);
  const add = useAddRequirement(manifestId);
  const update = useUpdateRequirement(manifestId);
  const remove = useRemoveRequirement(manifestId);
  const [editing, setEditing] = useState<string | null>(null);
  const columns = canEdit ? 5 : 4;

  const removeRequirement = async (componentId: string, name: string) => {
    const yes = await confirm({
      warning: `This will delete the requirement for ${name}`,
      yesLabel: 'Remove',
    });
    if (yes) await guarded(() => remove.mutateAsync(componentId));
  };

  const requirementOf = (componentId: string) =>
    progress.requirements.find((r) => r.component_id === componentId);
  const { totals } = progress;
  return (
    <EntitySection
      id="requirements-heading"
      title="Requirements"
      p={{ base: 'xs', sm: 'sm' }}
      aside={
        !progress.isPending &&
        totals.required > 0 && (
          <Text size="sm" fw={600} data-testid="requirements-summary" aria-live="polite">
            {totals.packed} of {totals.required} packed, {totals.missing} missing
          </Text>
        )
      }
    >
      <QueryList
        query={{ isPending: progress.isPending, error: progress.error, data: progress.rows }}
        loadingLabel="Loading requirements"
        empty="No requirements yet"
        compact
      >
        {(rows) => (
          <Table verticalSpacing={6} horizontalSpacing={4} fz="sm" data-testid="requirements-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th fz="xs">Component</Table.Th>
                <Table.Th fz="xs" ta="right">
                  Required
                </Table.Th>
                <Table.Th fz="xs" ta="right">
                  Packed
                </Table.Th>
                <Table.Th fz="xs">Missing or over</Table.Th>
                {canEdit && <ActionsHeading />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Fragment key={row.componentId}>
                  <Table.Tr data-component={row.componentName}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.componentName}</Table.Td>
                    <Table.Td ta="right">{row.required ?? '-'}</Table.Td>
                    <Table.Td ta="right">{row.packed}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} c={balanceColor(row)}>
                        {balanceText(row)}
                      </Text>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        {row.required !== null && (
                          <RowMenu
                            name={row.componentName}
                            editLabel="Edit count"
                            deleteLabel="Remove"
                            onEdit={() => setEditing(row.componentId)}
                            onDelete={() =>
                              void removeRequirement(row.componentId, row.componentName)
                            }
                          />
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {editing === row.componentId && row.required !== null && (
                    <Table.Tr>
                      <Table.Td colSpan={columns}>
                        <CountEditor
                          line={requirementOf(row.componentId)!}
                          save={async (change) => {
                            // Raising a count on a reserved job may overbook; staff may insist.
                            const saved = await overbookable((override) =>
                              update.mutateAsync({ ...change, ...override }),
                            );
                            if (saved === undefined) {
                              throw new Error('Not saved: nothing is free to hold for it.');
                            }
                            return saved;
                          }}
                          onDone={() => setEditing(null)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryList>
      {canEdit && (
        <ComponentCountForm
          title="Add a requirement"
          taken={progress.requirements.map((r) => r.component_id)}
          onSubmit={async (body) => {
            // On a reserved job a requirement that overbooks is refused; staff may insist.
            const added = await overbookable((override) =>
              add.mutateAsync({ ...body, ...override }),
            );
            if (added === undefined) throw new Error('Not added: nothing is free to hold for it.');
          }}
        />
      )}
    </EntitySection>
  );
}
