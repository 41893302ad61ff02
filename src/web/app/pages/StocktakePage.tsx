import { Alert, Container, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCan } from '../../features/auth/api.ts';
import { stocktakeQueries } from '../../features/stocktakes/api.ts';
import { StocktakeView } from '../../features/stocktakes/StocktakeView.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

/** /stocktakes/:stocktakeId: one stock-take, re-read while open (several phones scan it). */
export function StocktakePage() {
  const id = useParams().stocktakeId ?? '';
  const canWrite = useCan('stocktake:write');
  const query = useQuery({
    ...stocktakeQueries.detail(id),
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 10_000 : false),
  });
  if (query.isPending) {
    return <CenteredLoader label="Loading the stock-take" />;
  }
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  return (
    <Container size="md" px={0}>
      <Title order={1} mb="md" style={{ overflowWrap: 'anywhere' }}>
        Stock-take of {query.data.place_name}
      </Title>
      <StocktakeView stocktake={query.data} canWrite={canWrite} />
    </Container>
  );
}
