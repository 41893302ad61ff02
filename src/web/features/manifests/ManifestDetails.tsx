import { Paper, Table, Text, Title } from '@mantine/core';
import type { Manifest } from '../../../common/schemas/manifest.ts';
import { statusLabel } from '../../../common/status.ts';

/** The manifest's type and client (a dash when empty) and its note (... when empty). */
export function ManifestDetails({ manifest }: { manifest: Manifest }) {
  return (
    <>
      <Table withTableBorder verticalSpacing="xs" data-testid="manifest-details">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" w="35%">
              Type
            </Table.Th>
            <Table.Td>{statusLabel(manifest.status) || '-'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Client</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{manifest.client_name || '-'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Paper component="section" aria-labelledby="manifest-note-heading" withBorder p="sm" mt="md">
        <Title order={2} size="h4" id="manifest-note-heading" mb={4}>
          Notes
        </Title>
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="manifest-note"
        >
          {manifest.note?.trim() || '...'}
        </Text>
      </Paper>
    </>
  );
}
