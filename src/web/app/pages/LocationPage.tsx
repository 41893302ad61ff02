import { useState } from 'react';
import { Anchor, Checkbox, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EntityStatus } from '../../components/EntityStatus.tsx';
import { TableHeader } from '../../components/lists/TableHeader.tsx';
import { stocktakeQueries } from '../../features/stocktakes/api.ts';
import { StartStocktakeButton } from '../../features/stocktakes/StartStocktakeButton.tsx';
import { StocktakeTable } from '../../features/stocktakes/StocktakeTable.tsx';

const BACK = { to: '/stocktakes', label: 'Back to stock-takes' };

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/**
 * /locations/:locationId (staff): a location, what a stock-take of it would expect now,
 * "Start stock-take" there, and its past and open stock-takes (docs/decisions.md,
 * "Stock-takes: started from the location's page"). Reached from the Location row of
 * any item there.
 */
export function LocationPage() {
  const id = useParams().locationId ?? '';
  const query = useQuery(stocktakeQueries.location(id));
  const [withContents, setWithContents] = useState(false);
  const location = query.data;
  if (!location) return <EntityStatus noun="location" error={query.error} back={BACK} />;
  const more = location.expected_count - location.items.length;
  return (
    <Container size="md" px={0}>
      <Title order={1} mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {location.name}
      </Title>
      <Text mb="md" data-testid="location-expected">
        {items(location.expected_count)} here to count (not out on a job, not missing)
      </Text>
      <Stack gap="xs" maw={420}>
        <Checkbox
          label="Count contents with the crate"
          description="A crate scanned whole counts what is inside it as found."
          checked={withContents}
          onChange={(e) => setWithContents(e.currentTarget.checked)}
        />
        <Group>
          <StartStocktakeButton locationId={location.id} countContents={withContents} />
        </Group>
      </Stack>

      <Title order={2} size="h3" mt="xl" mb="sm">
        What is here
      </Title>
      {location.items.length === 0 ? (
        <Text c="gray.7">Nothing is here.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" striped data-testid="location-items">
            <TableHeader columns={['Item', 'Inside']} />
            <Table.Tbody>
              {location.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/items/${item.id}`}>
                      {item.name?.trim() || item.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {item.container_name ?? ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more > 0 && (
        <Text size="sm" c="gray.7" mt="xs">
          and {items(more)} more: the stock-take counts them all.
        </Text>
      )}

      <Title order={2} size="h3" mt="xl" mb="sm">
        Stock-takes here
      </Title>
      {location.stocktakes.length === 0 ? (
        <Text c="gray.7">No stock-take of this location yet.</Text>
      ) : (
        <StocktakeTable stocktakes={location.stocktakes} />
      )}
    </Container>
  );
}
