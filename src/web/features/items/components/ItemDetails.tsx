import { itemDetailRows } from '../../../../common/item-details.ts';
import type { PublicItem } from '../../../../common/schemas/item.ts';
import { EntityDetails } from '../../../components/EntitySection.tsx';

/**
 * The item's table (Type, Client, Location, Last Scan, Component; a dash when empty) and
 * its Notes. For editors a click on the table opens the edit form, like the spec's
 * "clicking the details edits the item"; the edit item button does the same by keyboard.
 */
export function ItemDetails(props: {
  item: PublicItem & { last_scanned_by_email?: string | null };
  onEdit?: () => void;
}) {
  return (
    <EntityDetails
      rows={itemDetailRows(props.item)}
      note={props.item.note}
      testId="item"
      onClick={props.onEdit}
    />
  );
}
