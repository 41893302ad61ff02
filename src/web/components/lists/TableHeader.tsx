import { Table } from '@mantine/core';

/** A table's header row: one column heading per name ('' for a column without one). */
export function TableHeader({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          <Table.Th key={i}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
