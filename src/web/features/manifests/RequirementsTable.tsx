import { Fragment, useState } from 'react';
import { Alert, Group, Loader, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm, guarded } from '../../components/dialogs/index.ts';
import { componentTypeEntity } from '../component-types/api.ts';
import { useAddRequirement, useRemoveRequirement, useUpdateRequirement } from './api.ts';
import { ComponentCountForm } from './ComponentCountForm.tsx';
import { CountEditor } from './CountEditor.tsx';
import { RowMenu } from '../../components/lists/RowMenu.tsx';
import { balanceColor, balanceText } from './progress.ts';
import { useManifestProgress } from './useManifestProgress.ts';

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
  const components = useQuery({ ...componentTypeEntity.queries.list(), enabled: canEdit });
  const add = useAddRequirement(manifestId);
  const update = useUpdateRequirement(manifestId);
  const remove = useRemoveRequirement(manifestId);
  const [editing, setEditing] = useState<string | null>(null);
  const columns = canEdit ? 5 : 4;

  const required = new Set(progress.requirements.map((r) => r.component_id));
  const choices = (components.data ?? []).filter((c) => !required.has(c.id));

  const removeRequirement = async (componentId: string, name: string) => {
    const yes = await confirm({
      warning: `This will delete the requirement for ${name}`,
      yesLabel: 'Remove',
    });
    if (yes) await guarded(() => remove.mutateAsync(componentId));
  };

  const { totals } = progress;
  return (
    <Paper
      component="section"
      aria-labelledby="requirements-heading"
      withBorder
      p={{ base: 'xs', sm: 'sm' }}
      mt="md"
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4" id="requirements-heading">
          Requirements
        </Title>
        {!progress.isPending && totals.required > 0 && (
          <Text size="sm" fw={600} data-testid="requirements-summary" aria-live="polite">
            {totals.packed} of {totals.required} packed, {totals.missing} missing
          </Text>
        )}
      </Group>
      {progress.isPending ? (
        <Loader size="sm" aria-label="Loading requirements" />
      ) : progress.error ? (
        <Alert color="red">{progress.error.message}</Alert>
      ) : progress.rows.length === 0 ? (
        <Text c="gray.7">No requirements yet</Text>
      ) : (
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
              {canEdit && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {progress.rows.map((row) => (
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
                        componentName={row.componentName}
                        count={row.required}
                        version={row.version}
                        onSave={(count, version) =>
                          update.mutateAsync({ componentId: row.componentId, count, version })
                        }
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
      {canEdit && (
        <Paper withBorder p="xs" mt="sm" radius="sm">
          <Text size="sm" fw={600} mb={4}>
            Add a requirement
          </Text>
          <ComponentCountForm
            ariaLabel="Add a requirement"
            choices={choices}
            submitLabel="Add"
            onSubmit={(value) => add.mutateAsync(value)}
          />
        </Paper>
      )}
    </Paper>
  );
}
