import type { ReactNode } from 'react';
import { Badge, Group, Paper, Text, TextInput, type TextInputProps } from '@mantine/core';
import { Link } from 'react-router';
import { SEARCH_MAX_LENGTH } from '../../../common/search.ts';
import { statusLabel } from '../../../common/status.ts';

/**
 * A row of a list page that opens its record (an item, a manifest): the title in bold and
 * the type's badge on the first line, the record's own lines below, the note preview last.
 */
export function RecordCard(props: {
  to: string;
  title: string;
  status: string | null | undefined;
  /** The shortened note (notePreview), or nothing. */
  note?: string | null;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper
      component={Link}
      to={props.to}
      withBorder
      p="sm"
      radius="md"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
      data-testid={props.testId}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {props.title}
        </Text>
        {props.status && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {statusLabel(props.status)}
          </Badge>
        )}
      </Group>
      {props.children}
      {props.note && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {props.note}
        </Text>
      )}
    </Paper>
  );
}

/** The search box above a list: the server's length limit, the browser's clear button. */
export function SearchField({
  onChange,
  ...props
}: { value: string; onChange: (value: string) => void } & Pick<
  TextInputProps,
  'placeholder' | 'rightSection' | 'style'
>) {
  return (
    <TextInput
      {...props}
      type="search"
      label="Search"
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
