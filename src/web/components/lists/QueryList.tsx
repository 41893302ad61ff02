import type { ReactNode } from 'react';
import { Alert, Center, Loader, Stack, Text, type StackProps } from '@mantine/core';

/** What QueryList reads of a query (react-query's result, or a page's own combination). */
export interface QueryState<T> {
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
}

/**
 * The states every list and every section of an entity page shows the same way: a spinner
 * while it loads, the server's message when it failed, a grey "No … yet" when empty; the
 * rows otherwise. `compact` is the section form: a small spinner in line and the message
 * without the alert role (the page around it is what the reader is on).
 */
export function QueryList<T>(props: {
  query: QueryState<T>;
  /** The spinner's accessible name, e.g. "Loading the components". */
  loadingLabel?: string;
  /** e.g. "No clients yet". */
  empty: ReactNode;
  /** Defaults to "no rows" for an array. */
  isEmpty?: (data: T) => boolean;
  errorTitle?: string;
  compact?: boolean;
  children: (rows: T) => ReactNode;
}) {
  const { query, compact } = props;
  const spinner = (
    <Loader size={compact ? 'sm' : undefined} aria-label={props.loadingLabel ?? 'Loading'} />
  );
  if (query.isPending) return compact ? spinner : <Center py="md">{spinner}</Center>;
  if (query.error || query.data === undefined) {
    return (
      <Alert color="red" role={compact ? undefined : 'alert'} title={props.errorTitle}>
        {query.error?.message}
      </Alert>
    );
  }
  const isEmpty = props.isEmpty ?? ((data: T) => Array.isArray(data) && data.length === 0);
  if (isEmpty(query.data)) return <Text c="gray.7">{props.empty}</Text>;
  return props.children(query.data);
}

/** A list without bullets or indent, e.g. a section's rows. */
export function PlainList(props: { label?: string; gap?: StackProps['gap']; children: ReactNode }) {
  return (
    <Stack
      component="ul"
      gap={props.gap ?? 0}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={props.label}
    >
      {props.children}
    </Stack>
  );
}
