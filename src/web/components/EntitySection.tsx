import type { ReactNode } from 'react';
import { ActionIcon, Group, Paper, Text, Title, type PaperProps } from '@mantine/core';

/**
 * A section of an entity page (item, manifest): a bordered box named by its h2, with what
 * belongs beside the heading (an add button, a count) at its right.
 */
export function EntitySection(props: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  p?: PaperProps['p'];
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" id={props.id} mb={props.aside === undefined ? 'xs' : undefined}>
      {props.title}
    </Title>
  );
  return (
    <Paper component="section" aria-labelledby={props.id} withBorder p={props.p ?? 'sm'} mt="md">
      {props.aside === undefined ? (
        heading
      ) : (
        <Group justify="space-between" mb="xs" gap="xs">
          {heading}
          {props.aside}
        </Group>
      )}
      {props.children}
    </Paper>
  );
}

/**
 * An entity's details (a label and a value a row) and its Notes below: "..." when there
 * are none. `onClick` makes the table open the edit form (editors).
 */
export function EntityDetails(props: {
  rows: readonly (readonly [label: string, value: ReactNode])[];
  note: string | null | undefined;
  /** `{testId}-details` on the table, `{testId}-note` on the note. */
  testId: string;
  onClick?: () => void;
}) {
  const notesId = `${props.testId}-notes-heading`;
  return (
    <>
      {/* A plain table styled like Mantine's (.yk-details, src/web/app/server-preview.css,
          shared with the server's drawing of the item page): Mantine's Table brings its
          scroll container, ~8 KB gzip, into the item page a scanned label opens. */}
      <table
        className="yk-details"
        onClick={props.onClick}
        style={props.onClick ? { cursor: 'pointer' } : undefined}
        data-testid={`${props.testId}-details`}
      >
        <tbody>
          {props.rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Paper component="section" aria-labelledby={notesId} withBorder p="sm" mt="md">
        <Title order={2} size="h4" id={notesId} mb={4}>
          Notes
        </Title>
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid={`${props.testId}-note`}
        >
          {props.note?.trim() || '...'}
        </Text>
      </Paper>
    </>
  );
}

/** The "+" beside a section's heading: Add an image, Add a label. */
export function PlusButton({ label, ...props }: { label: string; onClick?: () => void }) {
  return (
    <ActionIcon {...props} variant="light" size="lg" aria-label={label}>
      <span aria-hidden="true">+</span>
    </ActionIcon>
  );
}
