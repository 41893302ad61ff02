import type { ReactNode } from 'react';
import { Group, Paper } from '@mantine/core';

const DIVIDER = { borderTop: '1px solid var(--mantine-color-default-border)' };

/** Rows in one bordered box, a line between them: a list of names with a menu each. */
export function BorderedList<T>(props: {
  /** The list's accessible name, e.g. "Clients". */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  /** Marks each row for tests (`data-testid`). */
  rowTestId?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <Paper
      withBorder
      component="ul"
      aria-label={props.label}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {props.rows.map((row, index) => (
        <Group
          component="li"
          key={props.rowKey(row)}
          justify="space-between"
          wrap="nowrap"
          px="md"
          py="xs"
          mih={48}
          data-testid={props.rowTestId}
          style={index > 0 ? DIVIDER : undefined}
        >
          {props.children(row)}
        </Group>
      ))}
    </Paper>
  );
}
