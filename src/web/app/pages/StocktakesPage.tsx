import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { guarded } from '../../components/dialogs/index.ts';
import { locationQueries } from '../../features/locations/api.ts';
import { stocktakeQueries, useStartStocktake } from '../../features/stocktakes/api.ts';
import { countsText } from '../../../common/stocktake-counts.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { TableHeader } from '../../components/lists/TableHeader.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * /stocktakes: start a stock-take of a location (a container's starts from its own page),
 * and every stock-take so far, open ones and past ones, each readable.
 */
export function StocktakesPage() {
  const list = useQuery(stocktakeQueries.list());
  return (
    <Container size="md" px={0}>
      <Title order={1} mb="md">
        Stock-takes
      </Title>
      <StartForm />
      <Title order={2} size="h3" mt="xl" mb="sm">
        Past and open stock-takes
      </Title>
      {list.isPending ? (
        <CenteredLoader label="Loading the stock-takes" />
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : list.data.length === 0 ? (
        <Text c="gray.7">No stock-take yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped data-testid="stocktakes">
            <TableHeader columns={['Place', 'Started', 'Counts']} />
            <Table.Tbody>
              {list.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/stocktakes/${s.id}`}>
                      {s.place_name}
                    </Anchor>
                    {s.status === 'open' && (
                      <Badge ml="xs" size="sm" color="teal.9">
                        Open
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {when(s.started_at)}
                    <Text size="xs" c="gray.7">
                      {s.started_by_email ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{countsText(s.counts)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Container>
  );
}

function StartForm() {
  const locations = useQuery(locationQueries.list());
  const [locationId, setLocationId] = useState<string | null>(null);
  const [withContents, setWithContents] = useState(false);
  const start = useStartStocktake();
  const navigate = useNavigate();
  return (
    <Stack gap="xs" maw={420}>
      <Select
        label="Location to count"
        placeholder={locations.isPending ? 'Loading…' : 'Choose a location'}
        data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={locationId}
        onChange={setLocationId}
        searchable
      />
      <Checkbox
        label="Count contents with the crate"
        description="A crate scanned whole counts what is inside it as found."
        checked={withContents}
        onChange={(e) => setWithContents(e.currentTarget.checked)}
      />
      <Text size="sm" c="gray.7">
        To count a container, open it and use Start stock-take there.
      </Text>
      <Group>
        <Button
          disabled={!locationId}
          loading={start.isPending}
          onClick={() =>
            void guarded(async () => {
              const stocktake = await start.mutateAsync({
                location_id: locationId!,
                count_contents: withContents,
              });
              void navigate(`/stocktakes/${encodeURIComponent(stocktake.id)}`);
            })
          }
        >
          Start stock-take
        </Button>
      </Group>
    </Stack>
  );
}
