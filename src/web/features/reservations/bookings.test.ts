import { describe, expect, it } from 'vitest';
import { bookingWhen, nextText, splitBookings } from './bookings.ts';

const TODAY = '2026-06-10';
const job = (name: string, stage: string, from: string | null, to: string | null) => ({
  name,
  stage,
  from,
  to,
});

describe('an item’s bookings', () => {
  it('keeps a job that is out as current after its due date: the item is not back', () => {
    expect(bookingWhen(job('Spring gala', 'out', '2026-05-01', '2026-05-09'), TODAY)).toBe(
      'current',
    );
    expect(bookingWhen(job('Spring gala', 'closed', '2026-05-01', '2026-06-20'), TODAY)).toBe(
      'past',
    );
  });

  it('tells past, current and future reserved jobs apart by their window', () => {
    expect(bookingWhen(job('A', 'reserved', '2026-06-01', '2026-06-09'), TODAY)).toBe('past');
    expect(bookingWhen(job('B', 'reserved', '2026-06-10', '2026-06-10'), TODAY)).toBe('current');
    expect(bookingWhen(job('C', 'reserved', '2026-06-11', '2026-06-20'), TODAY)).toBe('future');
  });

  it('sorts the future soonest first and the past latest first', () => {
    const split = splitBookings(
      [
        job('Late', 'reserved', '2026-09-01', '2026-09-03'),
        job('Old', 'closed', '2026-01-01', '2026-01-03'),
        job('Soon', 'reserved', '2026-06-12', '2026-06-14'),
        job('Older', 'closed', '2025-01-01', '2025-01-03'),
      ],
      TODAY,
    );
    expect(split.future.map((b) => b.name)).toEqual(['Soon', 'Late']);
    expect(split.past.map((b) => b.name)).toEqual(['Old', 'Older']);
    expect(split.current).toEqual([]);
  });

  it('names the next one with its first day', () => {
    expect(nextText({ name: 'Autumn fair', from: '2026-06-12' })).toBe('Next: Autumn fair, 12 Jun');
    expect(nextText({ name: 'Autumn fair', from: null })).toBe('Next: Autumn fair');
  });
});
