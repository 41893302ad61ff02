import type { ActivityEntry } from '../../../common/schemas/activity.ts';
import { formatLabelCode } from '../../../common/label-code.ts';

const VERBS: Record<ActivityEntry['action'], string> = {
  CREATE: 'created',
  UPDATE: 'updated',
  DELETE: 'deleted',
  SCAN: 'scanned',
  IMPORT: 'imported',
};

const NOUNS: Record<ActivityEntry['type'], string> = {
  ITEM: 'item',
  CLIENT: 'client',
  LOCATION: 'location',
  LABEL: 'label',
  IMAGE: 'image',
  MEMBER: 'member',
  MANIFEST: 'manifest',
  COMPONENT: 'component',
};

export interface ActivityLine {
  /** Who did it: the email, or Anonymous when it is missing (spec section 3). */
  who: string;
  /** What they did, after the name: "updated item Crate 12". */
  what: string;
  /** The item it concerns, to link to, when there is one. */
  itemId: string | null;
}

/**
 * One feed entry as a sentence: "jane@example.com updated item Crate 12". Labels and
 * images name the item they were on, from the entry's snapshot, so entries about
 * things deleted since still read well.
 */
export function describeActivity(entry: ActivityEntry): ActivityLine {
  const who = entry.email || 'Anonymous';
  const ref = entry.reference;
  const itemName = ref.name || ref.item_id || entry.source_id;
  let what: string;
  if (entry.action === 'IMPORT') {
    // One entry for a whole file: "imported 1,240 items from inventory.csv".
    return { who, what: `imported ${ref.name ?? 'items'}`, itemId: null };
  }
  switch (entry.type) {
    case 'LABEL': {
      const code = formatLabelCode(ref.id ?? entry.source_id);
      const on = ref.item_id ? ` on item ${itemName}` : '';
      const verb =
        entry.action === 'CREATE'
          ? 'attached'
          : entry.action === 'DELETE'
            ? 'freed'
            : VERBS[entry.action];
      what = `${verb} label ${code}${on}`;
      break;
    }
    case 'IMAGE':
      what =
        entry.action === 'CREATE'
          ? `added an image to item ${itemName}`
          : `${VERBS[entry.action]} an image of item ${itemName}`;
      break;
    default: {
      // Member entries reach non-admins without the member's identity.
      const name = ref.name || entry.source_id;
      what = name
        ? `${VERBS[entry.action]} ${NOUNS[entry.type]} ${name}`
        : `${VERBS[entry.action]} a ${NOUNS[entry.type]}`;
    }
  }
  const itemId = entry.type === 'ITEM' ? (ref.item_id ?? ref.id ?? entry.source_id) : ref.item_id;
  // A deleted item has no page to go to.
  const linkable = !(entry.type === 'ITEM' && entry.action === 'DELETE');
  return { who, what, itemId: linkable ? itemId : null };
}
