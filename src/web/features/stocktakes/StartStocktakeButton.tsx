import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { guarded } from '../../components/dialogs/index.ts';
import { useCan } from '../auth/api.ts';
import { useStartStocktake } from './api.ts';

/**
 * "Start stock-take" on a location or a container (staff): snapshots what is expected
 * there and opens the stock-take.
 */
export function StartStocktakeButton(
  props: ({ locationId: string } | { containerId: string }) & { countContents?: boolean },
) {
  const allowed = useCan('stocktake:write');
  const start = useStartStocktake();
  const navigate = useNavigate();
  if (!allowed) return null;
  const count_contents = props.countContents ?? false;
  const body =
    'locationId' in props
      ? { location_id: props.locationId, count_contents }
      : { container_id: props.containerId, count_contents };
  return (
    <Button
      size="compact-md"
      variant="default"
      loading={start.isPending}
      onClick={() =>
        void guarded(async () => {
          const stocktake = await start.mutateAsync(body);
          void navigate(`/stocktakes/${encodeURIComponent(stocktake.id)}`);
        })
      }
    >
      Start stock-take
    </Button>
  );
}
