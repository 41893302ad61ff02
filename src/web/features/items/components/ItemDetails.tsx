import { Paper, Table, Text, Title } from '@mantine/core';
import { itemDetailRows } from '../../../../common/item-details.ts';
import type { PublicItem } from '../../../../common/schemas/item.ts';

/**
 * The item's table (Type, Client, Location, Last Scan, Component; a dash when empty) and
 * its Notes. For editors a click on the table opens the edit form, like the spec's
 * "clicking the details edits the item"; the edit item button does the same by keyboard.
 */
export function ItemDetails(props: {
  item: PublicItem & { last_scanned_by_email?: string | null };
  onEdit?: () => void;
}) {
  const { item, onEdit } = props;
  const rows = itemDetailRows(item);
  return (
    <>
      <Table
        withTableBorder
        verticalSpacing="xs"
        onClick={onEdit}
        style={onEdit ? { cursor: 'pointer' } : undefined}
        data-testid="item-details"
      >
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="35%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Paper component="section" aria-labelledby="notes-heading" withBorder p="sm" mt="md">
        <Title order={2} size="h4" id="notes-heading" mb={4}>
          Notes
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="item-note">
          {item.note?.trim() || '...'}
        </Text>
      </Paper>
    </>
  );
}
