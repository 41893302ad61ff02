import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { openDialog } from './queue.ts';

/** One field of a conflict: what the other person saved, and what this user typed. */
export interface ConflictRow {
  field: string;
  theirs: string;
  /** Null when this user did not change the field. */
  mine: string | null;
}

export type ConflictChoice = 'theirs' | 'mine';

/**
 * Someone else saved the record while this user was editing it (a stale-version 409).
 * Lists what differs and asks: "Keep theirs" drops this user's edit, "Apply mine" saves
 * the fields this user changed on top of theirs. Dismissing it keeps theirs: nothing is
 * ever overwritten without the user choosing so.
 */
export async function conflictDialog(options: {
  noun: string;
  rows: ConflictRow[];
}): Promise<ConflictChoice> {
  const choice = await openDialog<ConflictChoice>({
    modal: { title: 'Changed while you were editing', size: 'lg' },
    content: (close) => (
      <Stack>
        <Text>
          Someone else saved this {options.noun} after you opened it. Nothing of yours was saved
          yet.
        </Text>
        <Table withTableBorder data-testid="conflict-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Theirs</Table.Th>
              <Table.Th scope="col">Mine</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {options.rows.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Th scope="row">{row.field}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.theirs}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {row.mine ?? <Text c="gray.7">(not changed by you)</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close('theirs')} data-autofocus>
            Keep theirs
          </Button>
          <Button onClick={() => close('mine')}>Apply mine</Button>
        </Group>
      </Stack>
    ),
  });
  return choice ?? 'theirs';
}
