import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { confirm, guarded, notify } from '../../components/dialogs/index.ts';
import { ApiError } from '../../lib/api.ts';
import { ComponentTypeSelect } from '../component-types/ComponentTypeSelect.tsx';
import { inspectionQueries, useCreateKind, useDeleteKind, useUpdateKind } from './api.ts';
import { TableHeader } from '../../components/lists/TableHeader.tsx';

/**
 * Inspection kinds per component type (admins): a name, an interval in days, and whether an
 * overdue one blocks dispatch.
 */
export function InspectionKindsPanel() {
  const kinds = useQuery(inspectionQueries.kinds());
  const create = useCreateKind();
  const update = useUpdateKind();
  const remove = useDeleteKind();
  const [componentId, setComponentId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [interval, setInterval] = useState<string | number>(365);
  const [blocks, setBlocks] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await create.mutateAsync({
        component_id: componentId ?? '',
        name,
        interval_days: Number(interval),
        blocks_dispatch: blocks,
      });
      notify(`${name} added.`);
      setName('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The inspection kind could not be added.');
    }
  };

  return (
    <Stack>
      <form onSubmit={(e) => void add(e)} aria-label="Add an inspection kind">
        <Group align="end" gap="xs">
          <ComponentTypeSelect value={componentId} onChange={setComponentId} required />
          <TextInput
            label="Name"
            placeholder="PAT test"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <NumberInput
            label="Every (days)"
            min={1}
            max={3660}
            value={interval}
            onChange={setInterval}
            required
            w={120}
          />
          <Checkbox
            label="Blocks dispatch"
            checked={blocks}
            onChange={(e) => setBlocks(e.currentTarget.checked)}
            mb={8}
          />
          <Button type="submit" loading={create.isPending}>
            Add
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Table striped>
        <TableHeader
          columns={['Component type', 'Inspection', 'Every', 'Blocks dispatch']}
          actions
        />
        <Table.Tbody>
          {(kinds.data ?? []).map((k) => (
            <Table.Tr key={k.id} data-testid="inspection-kind-row">
              <Table.Td>{k.component_name}</Table.Td>
              <Table.Td>{k.name}</Table.Td>
              <Table.Td>{k.interval_days} days</Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`${k.name} blocks dispatch`}
                  checked={k.blocks_dispatch}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    void guarded(() =>
                      update.mutateAsync({
                        id: k.id,
                        blocks_dispatch: checked,
                        version: k.version,
                      }),
                    );
                  }}
                />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  aria-label={`Delete ${k.name} of ${k.component_name}`}
                  onClick={async () => {
                    const yes = await confirm({ warning: `Delete ${k.name}?`, yesLabel: 'Delete' });
                    if (yes) await guarded(() => remove.mutateAsync(k.id));
                  }}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
