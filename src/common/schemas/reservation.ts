import { z } from 'zod';
import { idSchema, multiLineText, timestampSchema } from './common.ts';
import { conditionSchema, isoDateSchema, stageSchema } from './fields.ts';
import { statusesQuery } from './item.ts';

/*
 * Reservations (docs/decisions.md, "Reservations: how availability is counted"): a job holds
 * kit for its window, by name (a reservation line, manifest × item) and by quantity (its
 * requirements). These are the shapes of the availability, calendar and bookings answers.
 */

/** Whole days of preparation before out_date, or of turnaround after due_date. */
export const WINDOW_DAYS_MAX = 365;
export const windowDaysSchema = z
  .number({ error: 'Days must be a whole number' })
  .int('Days must be a whole number')
  .min(0, 'Days cannot be negative')
  .max(WINDOW_DAYS_MAX, `Days cannot be more than ${WINDOW_DAYS_MAX}`);

export const OVERRIDE_NOTE_MAX = 1000;

/**
 * Spread into the body of every write that can overbook (reserve, a named reservation, a
 * requirement added or raised, new dates): `override: true` with `override_note` holds the
 * kit even when another job holds it too, and the note goes into the activity. Named
 * `override_note`, not `note`, because a manifest already has a `note` of its own.
 */
export const overrideFields = {
  override: z.boolean({ error: 'override must be true or false' }).optional(),
  override_note: multiLineText('Override note', 'Override note must be text')
    .trim()
    .max(OVERRIDE_NOTE_MAX, 'Override note is too long')
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** An override needs its reason. */
export const overrideNeedsNote = {
  check: (b: { override?: boolean; override_note?: string | null }) =>
    !b.override || !!b.override_note,
  message: { message: 'Say why you overbook (override_note).', path: ['override_note'] },
};

export type OverrideInput = { override?: boolean; override_note?: string | null };

/** POST /inventory/manifests/:id/reserve (body optional). */
export const reserveBody = z
  .strictObject({ ...overrideFields })
  .refine(overrideNeedsNote.check, overrideNeedsNote.message);
export type ReserveInput = z.output<typeof reserveBody>;

/** POST /inventory/manifests/:id/reservations: hold one item (and what is inside it) by name. */
export const reservationBody = z
  .strictObject({
    item_id: z.string({ error: 'Choose an item.' }).pipe(idSchema),
    ...overrideFields,
  })
  .refine(overrideNeedsNote.check, overrideNeedsNote.message);
export type ReservationInput = z.output<typeof reservationBody>;

/** DELETE /inventory/manifests/:id/reservations: let go of one item (and what came with it). */
export const unreservationBody = z.strictObject({
  item_id: z.string({ error: 'Choose an item.' }).pipe(idSchema),
});

/** A window of days asked about (both ends included). */
const windowQuery = {
  from: isoDateSchema,
  to: isoDateSchema,
};
const toNotBeforeFrom = {
  check: (q: { from: string; to: string }) => q.to >= q.from,
  message: { message: 'The end of the window cannot be before its start.', path: ['to'] },
};

/** The longest window the availability and calendar answers take (a little over a year). */
export const WINDOW_SPAN_MAX_DAYS = 400;

const notTooLong = {
  check: (q: { from: string; to: string }) =>
    (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= WINDOW_SPAN_MAX_DAYS,
  message: {
    message: `The window cannot be longer than ${WINDOW_SPAN_MAX_DAYS} days.`,
    path: ['to'],
  },
};

export const AVAILABILITY_ITEMS_MAX = 200;

export const availabilityQuery = z
  .strictObject({
    ...windowQuery,
    component_id: idSchema.optional(),
    /** Search words, as the item search takes them; matching items are listed. */
    q: z.string().trim().max(200).optional(),
    /** Item types (the home list's type filter); items of them are listed, with q or not. */
    status: statusesQuery,
    /** Count as if this job held nothing (the job being planned asks what it could have). */
    exclude_manifest: idSchema.optional(),
    /** Only items free for the window (the "Reserve items" picker). */
    free: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    limit: z.coerce.number().int().min(1).max(AVAILABILITY_ITEMS_MAX).optional(),
  })
  .refine(toNotBeforeFrom.check, toNotBeforeFrom.message)
  .refine(notTooLong.check, notTooLong.message);
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

export const calendarQuery = z
  .strictObject({
    ...windowQuery,
    client_id: idSchema.optional(),
    /** Only jobs that require or hold this component type. */
    component_id: idSchema.optional(),
  })
  .refine(toNotBeforeFrom.check, toNotBeforeFrom.message)
  .refine(notTooLong.check, notTooLong.message);
export type CalendarQuery = z.output<typeof calendarQuery>;

/** A job as an item's conflicts and bookings name it. */
const jobRefFields = { manifest_id: idSchema, name: z.string(), stage: stageSchema };

/**
 * The window a job holds its kit for: its dates widened by prep and turnaround days (null: a
 * job out without dates holds until its kit is back).
 */
const heldWindowFields = { from: z.string().nullable(), to: z.string().nullable() };

/** How another job stands in the way. */
export const blockerSchema = z.object({
  ...jobRefFields,
  ...heldWindowFields,
  /** reserved: held by name or by being packed; out: out on it and not back; count: its unfilled requirement. */
  kind: z.enum(['reserved', 'out', 'count']),
  /** Out past its due date: its kit is "expected back", the conflict "at risk". */
  overdue: z.boolean(),
  /** For kind count: how many of the type it still needs. */
  count: z.number().int().optional(),
});
export type Blocker = z.infer<typeof blockerSchema>;

export const componentAvailabilitySchema = z.object({
  component_id: idSchema,
  name: z.string(),
  /** Items of this type, whatever their state. */
  total: z.number().int(),
  /** Items of this type that are missing: never available. */
  missing: z.number().int(),
  /** Items of this type held by name, packed or out on other overlapping jobs. */
  held: z.number().int(),
  /** What other overlapping reserved jobs still need of this type and hold by count. */
  unfilled: z.number().int(),
  /** Damaged items counted as available (they are here; marked so). */
  damaged: z.number().int(),
  /** total − missing − held − unfilled; negative when the jobs are already overbooked. */
  available: z.number().int(),
});
export type ComponentAvailability = z.infer<typeof componentAvailabilitySchema>;

export const itemAvailabilitySchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  component_id: idSchema.nullable(),
  component_name: z.string().nullable(),
  condition: conditionSchema,
  /** How many items sit inside it (a container brings its contents). */
  contents_count: z.number().int(),
  available: z.boolean(),
  /** Free only if an overdue job brings it back in time. */
  at_risk: z.boolean(),
  held_by: z.array(blockerSchema),
});
export type ItemAvailability = z.infer<typeof itemAvailabilitySchema>;

export const availabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  components: z.array(componentAvailabilitySchema),
  /** With q or component_id: the matching items (containers first, then by name). */
  items: z.array(itemAvailabilitySchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** One reservation line of a job: an item it holds by name. */
export const reservationSchema = z.object({
  manifest_id: idSchema,
  item_id: idSchema,
  item_name: z.string().nullable(),
  component_id: idSchema.nullable(),
  component_name: z.string().nullable(),
  /** The container whose reservation brought this item along; null when chosen itself. */
  via_item_id: idSchema.nullable(),
  /** Packed onto this job (ticks the line). */
  packed: z.boolean(),
  created_at: timestampSchema,
});
export type Reservation = z.infer<typeof reservationSchema>;

/** A named reservation with how it stands for the job's window. */
export const reservationStateSchema = reservationSchema.extend({
  condition: conditionSchema,
  available: z.boolean(),
  at_risk: z.boolean(),
  blocking: z.array(blockerSchema),
});

export const requirementAvailabilitySchema = z.object({
  component_id: idSchema,
  component_name: z.string(),
  required: z.number().int(),
  /** Items of the type this job holds by name or has packed (each counted once). */
  fulfilled: z.number().int(),
  /** More items of the type free for the window (not held by this or another job). */
  available: z.number().int(),
  /** required − fulfilled − available, at least 0: "5 required · 3 available · short 2". */
  short: z.number().int(),
  /** Some of what fills it is at risk (held by an overdue job). */
  at_risk: z.boolean(),
  blocking: z.array(blockerSchema),
});

export const manifestAvailabilitySchema = z.object({
  manifest_id: idSchema,
  stage: stageSchema,
  /** The window, widened by prep and turnaround days; null without both dates. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  requirements: z.array(requirementAvailabilitySchema),
  reservations: z.array(reservationStateSchema),
  /** Any requirement short or any named item held elsewhere: shown in red. */
  short: z.boolean(),
});
export type ManifestAvailability = z.infer<typeof manifestAvailabilitySchema>;

/** A job's client, stage and window, as both a manifest and a calendar entry show them. */
export const jobWindowFields = {
  client_id: idSchema.nullable(),
  client_name: z.string().nullable(),
  /** planning → reserved → out (dispatched) → closed (docs/decisions.md, "Round trip"). */
  stage: stageSchema,
  /** When the job goes out and is due back (YYYY-MM-DD). */
  out_date: z.string().nullable(),
  due_date: z.string().nullable(),
  /**
   * Whole days before out_date to pack and after due_date to check back in: they widen the
   * window the job holds its kit for (docs/decisions.md, "Reservations").
   */
  prep_days: z.number().int(),
  turnaround_days: z.number().int(),
};

export const calendarJobSchema = z.object({
  id: idSchema,
  name: z.string(),
  ...jobWindowFields,
  /** The window widened by prep and turnaround days. */
  from: z.string(),
  to: z.string(),
  /** Named reservation lines, and items packed or out on it. */
  items_count: z.number().int(),
  required_count: z.number().int(),
  /** Something it needs is held by another job for an overlapping window. */
  short: z.boolean(),
  overdue: z.boolean(),
});
export type CalendarJob = z.infer<typeof calendarJobSchema>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Jobs whose windows overlap, by start then name. */
  jobs: z.array(calendarJobSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const bookingSchema = z.object({
  ...jobRefFields,
  out_date: z.string().nullable(),
  due_date: z.string().nullable(),
  ...heldWindowFields,
  /**
   * reserved: held by name (or packed) for a future or current window; out: out on it now;
   * returned / missing: a past trip.
   */
  kind: z.enum(['planned', 'reserved', 'packed', 'out', 'returned', 'missing']),
  overdue: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const itemBookingsSchema = z.object({
  item_id: idSchema,
  /** The first booking from today on that holds it: "Next: Autumn fair, 12 Jun". */
  next: bookingSchema.nullable(),
  /** Past, current and future, latest window first. */
  bookings: z.array(bookingSchema),
});
export type ItemBookings = z.infer<typeof itemBookingsSchema>;
