import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { itemDetailRows } from '../../../../common/item-details.ts';
import type { PublicItem } from '../../../../common/schemas/item.ts';
import { EntityDetails } from '../../../components/EntitySection.tsx';
import { useCan } from '../../auth/api.ts';

/** Following the link is not a click on the table (which opens the edit form). */
const own = (event: MouseEvent) => event.stopPropagation();

/**
 * The item's table (Type, Client, Location, Last Scan, Component; a dash when empty) and
 * its Notes. For editors a click on the table opens the edit form, like the spec's
 * "clicking the details edits the item"; the edit item button does the same by keyboard.
 * For staff the location is a link to its page, where a stock-take of it starts.
 */
export function ItemDetails(props: {
  item: PublicItem & { last_scanned_by_email?: string | null };
  onEdit?: () => void;
}) {
  const canCount = useCan('stocktake:read');
  const locationId = 'location_id' in props.item ? props.item.location_id : null;
  const rows = itemDetailRows(props.item).map(([label, value]) =>
    label === 'Location' && canCount && locationId
      ? ([
          label,
          <Link key={label} to={`/locations/${encodeURIComponent(locationId)}`} onClick={own}>
            {value}
          </Link>,
        ] as const)
      : ([label, value] as const),
  );
  return <EntityDetails rows={rows} note={props.item.note} testId="item" onClick={props.onEdit} />;
}
