import type { ReactNode } from 'react';
import { Alert, Center, Loader, Paper, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * The states every list shows the same way: a spinner while it loads, the server's message
 * when it failed, a grey "No … yet" when empty; the rows otherwise.
 */
export function QueryList<T>(props: {
  query: UseQueryResult<T[]>;
  /** The spinner's accessible name, e.g. "Loading the components". */
  loadingLabel?: string;
  /** e.g. "No clients yet". */
  empty: ReactNode;
  errorTitle?: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    return (
      <Center py="md">
        <Loader aria-label={props.loadingLabel ?? 'Loading'} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={props.errorTitle}>
        {query.error.message}
      </Alert>
    );
  }
  if (query.data.length === 0) return <Text c="gray.7">{props.empty}</Text>;
  return props.children(query.data);
}

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
