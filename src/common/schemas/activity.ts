import { z } from 'zod';

export const ACTIVITY_TYPES = [
  'ITEM',
  'CLIENT',
  'LOCATION',
  'LABEL',
  'IMAGE',
  'MEMBER',
  'MANIFEST',
  'COMPONENT',
  /** Personal API tokens: created, used from a new address, revoked. */
  'TOKEN',
  /** Service tokens: the same, shown to admins only. */
  'SERVICE_TOKEN',
  /** A webhook endpoint (named by its host, never its whole URL: that may hold a token). */
  'WEBHOOK',
  /** An inspection kind of a component type ("PAT test"), managed by admins. */
  'INSPECTION_KIND',
] as const;
export const ACTIVITY_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'SCAN',
  // The round trip of a job (docs/decisions.md, "Round trip").
  'DISPATCH',
  'RETURN',
  'DAMAGE',
  'CLOSE',
  'MISSING',
  'FOUND',
  /** One entry per CSV import, its reference name "1,240 items from inventory.csv". */
  'IMPORT',
  /** An API token used from an address other than its last one ("from 203.0.113.9"). */
  'USE',
  /** An API token revoked. */
  'REVOKE',
  /** A webhook endpoint switched off after failing for a day (docs/decisions.md). */
  'DISABLE',
  /** An item inspected: "PAT test passed", "Load test failed: frayed sling". */
  'INSPECT',
  /** A job dispatched despite its inspections, with the reason given ("PAT test overdue on … — note"). */
  'OVERRIDE',
  // Reservations (docs/decisions.md, "Reservations: how availability is counted").
  /** A job starts holding its kit for its window (planning → reserved). */
  'RESERVE',
  /** A job lets go of its kit (reserved → planning). */
  'UNRESERVE',
  /** Kit held twice on purpose: an override (its note is the detail) or "Pack it anyway". */
  'OVERBOOK',
  /** A finished stock-take, on its location or container ("52 expected: 50 found..."). */
  'STOCKTAKE',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_PAGE_SIZE = 25;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  action: z.enum(ACTIVITY_ACTIONS),
  /** Missing for anonymous scans; shown as Anonymous. */
  email: z.string().nullable(),
  source_id: z.string(),
  /** A snapshot taken at the time, so entries about deleted things still read well. */
  reference: z.object({
    name: z.string().nullable(),
    item_id: z.string().nullable(),
    id: z.string().nullable(),
    src: z.string().nullable(),
  }),
  /** Round-trip entries say more: "to Yard North — damaged", "3 items missing". */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
