import { formatDay } from '../../../common/reservations.ts';

/** What the item's Bookings section needs of one job that holds (or held) it. */
export interface BookingLike {
  name: string;
  stage: string;
  /** The job's window (its dates widened by prep and turnaround), YYYY-MM-DD. */
  from: string | null;
  to: string | null;
}

export type BookingWhen = 'past' | 'current' | 'future';

/**
 * Where a booking stands on `today`. A job still out is current even after its due date:
 * the item is not back (issue 21, "expected back"). A closed job is past.
 */
export function bookingWhen(booking: BookingLike, today: string): BookingWhen {
  if (booking.stage === 'closed') return 'past';
  if (booking.stage === 'out') return 'current';
  if (booking.from && booking.from > today) return 'future';
  if (booking.to && booking.to < today) return 'past';
  return 'current';
}

/** The bookings split into past (latest first), current and future (soonest first). */
export function splitBookings<B extends BookingLike>(
  bookings: B[],
  today: string,
): Record<BookingWhen, B[]> {
  const split: Record<BookingWhen, B[]> = { past: [], current: [], future: [] };
  for (const b of bookings) split[bookingWhen(b, today)].push(b);
  const byFrom = (a: B, b: B) => (a.from ?? '').localeCompare(b.from ?? '');
  split.future.sort(byFrom);
  split.current.sort(byFrom);
  split.past.sort((a, b) => byFrom(b, a));
  return split;
}

/** "Next: Autumn fair, 12 Jun" */
export function nextText(next: { name: string; from: string | null }): string {
  return next.from ? `Next: ${next.name}, ${formatDay(next.from)}` : `Next: ${next.name}`;
}
