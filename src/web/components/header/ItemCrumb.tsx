import { useQuery } from '@tanstack/react-query';
import { itemQueries } from '../../features/items/api.ts';

/**
 * The item page's crumb: the item's name, falling back to its id (spec "lists"). It reads
 * the same query as the item page, so no extra request is made.
 */
export function ItemCrumb({ itemId }: { itemId: string }) {
  const item = useQuery({ ...itemQueries.detail(itemId), retry: false });
  return <>{item.data?.name?.trim() || (item.isError ? 'Item' : itemId)}</>;
}
