import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { guarded } from '../../components/dialogs/index.ts';
import { locationQueries } from '../../features/locations/api.ts';
import { stocktakeQueries, useStartStocktake } from '../../features/stocktakes/api.ts';
import { StocktakeTable } from '../../features/stocktakes/StocktakeTable.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

/**
 * /stocktakes: start a stock-take of a location (also on the location's page; a
 * container's starts from its own page),
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
        <StocktakeTable stocktakes={list.data} />
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
        A location’s page (its name on any item there) and a container’s page have Start stock-take
        too.
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
