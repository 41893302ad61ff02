import { Alert, Badge, List, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportPreview,
} from '../../../common/schemas/import.ts';
import type { ColumnMapping } from './api.ts';
import { FIELD_LABELS, itemsText } from './fields.ts';
import { TableHeader } from '../../components/lists/TableHeader.tsx';

/** The choice "not imported" (sent as an empty map.<field>=). */
const NOT_IMPORTED = '__none__';
const ACTION_COLOR = { create: 'green', update: 'blue', unchanged: 'gray', error: 'red' } as const;
const ACTION_TEXT = {
  create: 'new',
  update: 'changes',
  unchanged: 'unchanged',
  error: 'problem',
} as const;

/** Which column fills each item field; changing one asks for a new preview. */
export function MappingEditor({
  preview,
  onChange,
}: {
  preview: ImportPreview;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const current: ColumnMapping = Object.fromEntries(
    IMPORT_FIELDS.map((f) => [f, preview.mapping[f] ?? '']),
  );
  const columns = [
    { value: NOT_IMPORTED, label: '— not imported —' },
    ...preview.file.columns.map((c, i) => ({ value: c, label: c || `(column ${i + 1})` })),
  ];
  return (
    <section aria-labelledby="mapping-title">
      <Title order={2} size="h3" id="mapping-title" mb="xs">
        Columns
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {IMPORT_FIELDS.map((field: ImportField) => (
          <Select
            key={field}
            label={FIELD_LABELS[field]}
            data={columns}
            value={current[field] || NOT_IMPORTED}
            allowDeselect={false}
            onChange={(column) =>
              onChange({ ...current, [field]: !column || column === NOT_IMPORTED ? '' : column })
            }
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

/** What the import will do: new names first, then counts, problems and the first rows. */
export function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const created = [
    ['clients', preview.new_clients],
    ['locations', preview.new_locations],
    ['component types', preview.new_components],
    ['manifests', preview.new_manifests],
  ] as const;
  const anyNew = created.some(([, names]) => names.length > 0);
  const shown = IMPORT_FIELDS.filter((f) => preview.mapping[f]);
  return (
    <Stack gap="md">
      {anyNew && (
        <Alert color="blue" title="Created by this import" data-testid="new-names">
          <List size="sm">
            {created
              .filter(([, names]) => names.length > 0)
              .map(([what, names]) => (
                <List.Item key={what}>
                  New {what} ({names.length}): {names.slice(0, 20).join(', ')}
                  {names.length > 20 ? ` and ${names.length - 20} more` : ''}
                </List.Item>
              ))}
          </List>
        </Alert>
      )}
      <Text data-testid="import-counts">
        {preview.file.rows.toLocaleString('en')} rows: {itemsText(preview.create)} to create,{' '}
        {itemsText(preview.update)} to change, {preview.unchanged.toLocaleString('en')} unchanged
        {preview.invalid_rows > 0 && `, ${preview.invalid_rows.toLocaleString('en')} with problems`}
        .
      </Text>
      {preview.errors.length > 0 && (
        <section aria-labelledby="problems-title">
          <Title order={2} size="h3" id="problems-title" mb="xs" c="red.9">
            Problems
          </Title>
          <Table.ScrollContainer minWidth={400} mah={300}>
            <Table striped data-testid="import-errors">
              <TableHeader columns={['Row', 'Column', 'Problem']} />
              <Table.Tbody>
                {preview.errors.map((e, i) => (
                  <Table.Tr key={`${e.row}-${i}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.column ?? ''}</Table.Td>
                    <Table.Td>{e.message.replace(/^row \d+, [^:]*: /, '')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {preview.invalid_rows > preview.errors.length && (
            <Text size="sm" c="gray.7">
              Only the first {preview.errors.length} problems are listed.
            </Text>
          )}
        </section>
      )}
      <section aria-labelledby="rows-title">
        <Title order={2} size="h3" id="rows-title" mb="xs">
          First rows
        </Title>
        <Table.ScrollContainer minWidth={500}>
          <Table striped data-testid="import-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Result</Table.Th>
                {shown.map((f) => (
                  <Table.Th key={f}>{FIELD_LABELS[f]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.preview.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>
                    <Badge color={ACTION_COLOR[r.action]} variant="light">
                      {ACTION_TEXT[r.action]}
                    </Badge>
                  </Table.Td>
                  {shown.map((f) => (
                    <Table.Td key={f} style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                      {r.values[f] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
    </Stack>
  );
}
