import type { QueryClient } from '@tanstack/react-query';
import { authQueries } from '../features/auth/api.ts';
import { itemQueries } from '../features/items/api.ts';

/** Set by the server on the item page (src/server/modules/items/item-page.ts). */
const PAGE_DATA_ID = 'yardkeep-page-data';

/**
 * What the server inlined into the page it sent: the item and the current user, as the
 * API would answer them now. Put into the query cache before the first render, the item
 * page shows at once instead of asking first (docs/decisions.md, "Fast on a phone"). The
 * element is removed after reading, so it is used for this page load only, and only for
 * the item in the address.
 */
export function seedQueriesFromPage(queryClient: QueryClient): void {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element) return;
  element.remove();
  let data: { item?: { id?: unknown }; me?: unknown };
  try {
    data = JSON.parse(element.textContent ?? '') as typeof data;
  } catch {
    return;
  }
  const match = /^\/items\/([^/]+)\/?$/.exec(window.location.pathname);
  const itemId = match ? decodeURIComponent(match[1]!) : null;
  if (!itemId || data.item?.id !== itemId) return;
  queryClient.setQueryData(itemQueries.detail(itemId).queryKey, data.item as never);
  if (data.me !== undefined) {
    queryClient.setQueryData(authQueries.me().queryKey, data.me as never);
  }
}
