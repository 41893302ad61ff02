import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';

/**
 * A table's header row: one column heading per name ('' for a column without one). With
 * `actions`, a last column for the rows' buttons, named for screen readers only.
 */
export function TableHeader({
  columns,
  actions = false,
}: {
  columns: readonly string[];
  actions?: boolean;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          <Table.Th key={i}>{column}</Table.Th>
        ))}
        {actions && <ActionsHeading />}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The heading of a column of row buttons: "Actions", heard and not seen. */
export function ActionsHeading(props: TableThProps) {
  return (
    <Table.Th {...props}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
