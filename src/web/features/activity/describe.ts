import type { ActivityEntry } from '../../../common/schemas/activity.ts';
import { formatLabelCode } from '../../../common/label-code.ts';

const VERBS: Record<ActivityEntry['action'], string> = {
  CREATE: 'created',
  UPDATE: 'updated',
  DELETE: 'deleted',
  SCAN: 'scanned',
  DISPATCH: 'dispatched',
  RETURN: 'returned',
  DAMAGE: 'marked damaged',
  CLOSE: 'closed',
  MISSING: 'marked missing',
  FOUND: 'found',
  IMPORT: 'imported',
  USE: 'used',
  REVOKE: 'revoked',
  DISABLE: 'disabled',
  INSPECT: 'inspected',
  OVERRIDE: 'overrode the inspections of',
  RESERVE: 'reserved',
  UNRESERVE: 'unreserved',
  OVERBOOK: 'overbooked',
  STOCKTAKE: 'counted',
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
  TOKEN: 'API token',
  SERVICE_TOKEN: 'service token',
  WEBHOOK: 'webhook endpoint',
  INSPECTION_KIND: 'inspection kind',
};

/**
 * Round-trip entries name the item without its noun, with the detail the server kept:
 * "returned Crate 0321 from Summer show to Yard North — damaged", "marked Crate 0321
 * missing on Summer show", "closed manifest Summer show — 3 items missing".
 */
function roundTripSentence(entry: ActivityEntry): string | null {
  const name = entry.reference.name || entry.source_id;
  const detail = entry.detail ? ` ${entry.detail}` : '';
  switch (entry.action) {
    case 'RETURN':
    case 'FOUND':
      return `${VERBS[entry.action]} ${name}${detail}`;
    case 'MISSING':
      return `marked ${name} missing${detail}`;
    case 'DAMAGE':
      return `marked ${name} damaged${entry.detail ? `: ${entry.detail}` : ''}`;
    case 'DISPATCH':
    case 'CLOSE':
    case 'STOCKTAKE':
      return `${VERBS[entry.action]} ${NOUNS[entry.type]} ${name}${entry.detail ? ` — ${entry.detail}` : ''}`;
    default:
      return entry.detail && entry.type === 'ITEM'
        ? `${VERBS[entry.action]} item ${name} (${entry.detail})`
        : null;
  }
}

export interface ActivityLine {
  /** Who did it: the email, or Anonymous when it is missing. */
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
      what =
        roundTripSentence(entry) ??
        (name
          ? `${VERBS[entry.action]} ${NOUNS[entry.type]} ${name}`
          : `${VERBS[entry.action]} a ${NOUNS[entry.type]}`);
      // "used API token Invoicing from 203.0.113.9"
      if (entry.action === 'USE' && entry.detail) what += ` ${entry.detail}`;
    }
  }
  const itemId = entry.type === 'ITEM' ? (ref.item_id ?? ref.id ?? entry.source_id) : ref.item_id;
  // A deleted item has no page to go to.
  const linkable = !(entry.type === 'ITEM' && entry.action === 'DELETE');
  return { who, what, itemId: linkable ? itemId : null };
}
