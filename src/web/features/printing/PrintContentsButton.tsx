import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { containersApi } from '../../../common/api/containers.ts';
import { guarded } from '../../components/dialogs/index.ts';
import { callApi } from '../../lib/api.ts';
import { printLabels } from './print-labels.ts';

/**
 * On a container's page (staff): print labels for everything inside it, at every level.
 * Shown only when something is inside.
 */
export function PrintContentsButton({ itemId, name }: { itemId: string; name: string }) {
  const contents = useQuery({
    queryKey: ['items', 'detail', itemId, 'contents', 'deep'],
    queryFn: () =>
      callApi(containersApi.contents, { params: { id: itemId }, query: { deep: 'true' } }),
  });
  const count = contents.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Button
      variant="default"
      mt="md"
      onClick={() =>
        void guarded(() =>
          printLabels(
            { container_id: itemId },
            `Labels for the ${count === 1 ? 'item' : `${count} items`} inside ${name}.`,
          ),
        )
      }
    >
      Print labels for what is inside
    </Button>
  );
}
