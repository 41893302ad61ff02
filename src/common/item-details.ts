import { statusLabel } from './status.ts';

/** What the item details table needs of an item (members' and the public shape alike). */
export interface ItemDetailsSource {
  status: string | null;
  client_name: string | null;
  location_name: string | null;
  /** Absent for anonymous readers: the row is still there, with a dash. */
  last_scanned_by_email?: string | null;
  component_name: string | null;
}

/**
 * The rows of the item's details table as shown (a dash when empty): the web's item page
 * and the server's drawing of it (src/server/modules/items/item-preview.ts) show the same.
 */
export function itemDetailRows(item: ItemDetailsSource): Array<[label: string, value: string]> {
  const rows: Array<[string, string | null | undefined]> = [
    ['Type', statusLabel(item.status)],
    ['Client', item.client_name],
    ['Location', item.location_name],
    ['Last Scan', item.last_scanned_by_email],
    ['Component', item.component_name],
  ];
  return rows.map(([label, value]) => [label, value?.trim() ? value : '-']);
}
