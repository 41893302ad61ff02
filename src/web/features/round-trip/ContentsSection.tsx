import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Item } from '../../../common/schemas/item.ts';
import { confirm, guarded, notify } from '../../components/dialogs/index.ts';
import { contentsQuery, useTakeOut } from './contents-api.ts';
import { contentsSummary, directContents } from './contents.ts';

const nameOf = (item: { id: string; name: string | null }) => item.name?.trim() || item.id;

/**
 * What is inside an item: how many (directly and at every level), the items directly
 * inside as links, and, for editors, "Take out" with a confirmation. Any item may hold
 * others, so editors see it on every item; readers only on an item holding something. `actions` is where
 * the container's own actions go next to the heading ("Fill this container").
 */
export function ContentsSection({
  container,
  canEdit,
  actions,
}: {
  container: { id: string; name: string | null };
  canEdit: boolean;
  actions?: ReactNode;
}) {
  const contents = useQuery(contentsQuery(container.id));
  const takeOut = useTakeOut();
  // Readers see the section only where there is something inside (not while that is still
  // being asked, so an empty item shows no section that then vanishes); editors always.
  if (!canEdit && !actions && !contents.data?.length) return null;

  const takeOutItem = async (item: Item) => {
    const yes = await confirm({
      title: `Take ${nameOf(item)} out?`,
      warning: `It will no longer be inside ${nameOf(container)}. It stays where it is now.`,
      yesLabel: 'Take out',
      safe: true,
    });
    if (!yes) return;
    const done = await guarded(() => takeOut.mutateAsync(item.id));
    if (done) notify(`${nameOf(item)} was taken out of ${nameOf(container)}.`);
  };

  return (
    <Paper component="section" aria-labelledby="item-contents-heading" withBorder p="sm" mt="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4" id="item-contents-heading">
          Contents
        </Title>
        {actions}
      </Group>
      {contents.isPending ? (
        <Loader size="sm" aria-label="Loading the contents" />
      ) : contents.isError ? (
        <Alert color="red">{contents.error.message}</Alert>
      ) : (
        <ContentsList
          all={contents.data}
          containerId={container.id}
          onTakeOut={canEdit ? (item) => void takeOutItem(item) : undefined}
        />
      )}
    </Paper>
  );
}

function ContentsList(props: {
  all: Item[];
  containerId: string;
  onTakeOut?: (item: Item) => void;
}) {
  const direct = directContents(props.all, props.containerId);
  if (direct.length === 0) return <Text c="gray.7">Nothing inside.</Text>;
  return (
    <>
      <Text data-testid="contents-count" mb="xs">
        {contentsSummary(props.all, props.containerId)}
      </Text>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Contents">
        {direct.map(({ item, inside }) => (
          <li key={item.id} data-testid="contents-item">
            <Group justify="space-between" wrap="nowrap" gap="xs" mih={40}>
              <Text style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={`/items/${item.id}`}>
                  {nameOf(item)}
                </Anchor>
                {inside > 0 && (
                  <Text span c="gray.7" size="sm">
                    {' '}
                    + {inside} inside
                  </Text>
                )}
              </Text>
              {props.onTakeOut && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  // The visible text first, so a voice user's "click Take out" finds it (WCAG 2.5.3).
                  aria-label={`Take out ${nameOf(item)}`}
                  onClick={() => props.onTakeOut!(item)}
                >
                  Take out
                </Button>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </>
  );
}
