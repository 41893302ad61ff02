import { describe, expect, it } from 'vitest';
import { addDays, endOfMonth, isDate, startOfWeek } from './dates.ts';
import {
  barPlace,
  daysOf,
  groupByWeek,
  rangeAround,
  rangeFromSearch,
  shiftRange,
  spanOf,
} from './range.ts';

const search = (qs: string) => new URLSearchParams(qs);
const TODAY = '2026-06-10'; // a Wednesday

describe('planner range from the address', () => {
  it('falls back to the month around today for a missing, bad, backwards or too long range', () => {
    const month = { from: '2026-06-01', to: '2026-06-30' };
    expect(rangeFromSearch(search(''), TODAY)).toEqual(month);
    expect(rangeFromSearch(search('from=2026-06-03'), TODAY)).toEqual(month);
    expect(rangeFromSearch(search('from=2026-02-30&to=2026-03-03'), TODAY)).toEqual(month);
    expect(rangeFromSearch(search('from=3 Jun&to=9 Jun'), TODAY)).toEqual(month);
    expect(rangeFromSearch(search('from=2026-06-09&to=2026-06-03'), TODAY)).toEqual(month);
    expect(rangeFromSearch(search('from=2026-01-01&to=2027-01-02'), TODAY)).toEqual(month);
  });

  it('opens the range of a shared link as given', () => {
    expect(rangeFromSearch(search('from=2026-06-03&to=2026-06-09'), TODAY)).toEqual({
      from: '2026-06-03',
      to: '2026-06-09',
    });
    expect(rangeFromSearch(search('from=2026-06-03&to=2026-06-03'), TODAY).to).toBe('2026-06-03');
  });
});

describe('weeks and months', () => {
  it('runs weeks Monday to Sunday and months to their last day', () => {
    expect(rangeAround('week', TODAY)).toEqual({ from: '2026-06-08', to: '2026-06-14' });
    expect(rangeAround('week', '2026-06-14')).toEqual({ from: '2026-06-08', to: '2026-06-14' });
    expect(rangeAround('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(endOfMonth('2026-12-05')).toBe('2026-12-31');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });

  it('steps a week or a month at a time, and any other range by its own length', () => {
    expect(shiftRange({ from: '2026-06-08', to: '2026-06-14' }, 1)).toEqual({
      from: '2026-06-15',
      to: '2026-06-21',
    });
    expect(shiftRange({ from: '2026-01-01', to: '2026-01-31' }, -1)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(shiftRange({ from: '2026-01-01', to: '2026-01-31' }, 1)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(shiftRange({ from: '2026-06-03', to: '2026-06-09' }, 1)).toEqual({
      from: '2026-06-10',
      to: '2026-06-16',
    });
  });

  it('tells a week from a longer range and lists every day', () => {
    expect(spanOf({ from: '2026-06-08', to: '2026-06-14' })).toBe('week');
    expect(spanOf({ from: '2026-06-01', to: '2026-06-30' })).toBe('month');
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('bars on the timeline', () => {
  const june = { from: '2026-06-01', to: '2026-06-30' };

  it('places a window inside the range on its days', () => {
    expect(barPlace({ from: '2026-06-03', to: '2026-06-09' }, june)).toEqual({
      column: 3,
      span: 7,
      cutStart: false,
      cutEnd: false,
    });
  });

  it('cuts a window that runs past either end, and leaves out one that misses the range', () => {
    expect(barPlace({ from: '2026-05-28', to: '2026-07-02' }, june)).toEqual({
      column: 1,
      span: 30,
      cutStart: true,
      cutEnd: true,
    });
    expect(barPlace({ from: '2026-05-28', to: '2026-05-31' }, june)).toBeNull();
    expect(barPlace({ from: '2026-07-01', to: '2026-07-01' }, june)).toBeNull();
    expect(barPlace({ from: '2026-06-30', to: '2026-07-01' }, june)).toMatchObject({
      column: 30,
      span: 1,
      cutEnd: true,
    });
  });
});

describe('the narrow list by week', () => {
  it('cuts the range into weeks, keeps empty ones, and lists a long job in each of its weeks', () => {
    const jobs = [
      { name: 'Summer show', from: '2026-06-03', to: '2026-06-09' },
      { name: 'Autumn fair', from: '2026-06-20', to: '2026-06-21' },
    ];
    const weeks = groupByWeek(jobs, { from: '2026-06-01', to: '2026-06-30' }, (j) => j);
    expect(weeks.map((w) => [w.from, w.to, w.jobs.map((j) => j.name)])).toEqual([
      ['2026-06-01', '2026-06-07', ['Summer show']],
      ['2026-06-08', '2026-06-14', ['Summer show']],
      ['2026-06-15', '2026-06-21', ['Autumn fair']],
      ['2026-06-22', '2026-06-28', []],
      ['2026-06-29', '2026-06-30', []],
    ]);
  });
});

describe('days', () => {
  it('accepts only real dates', () => {
    expect(isDate('2026-06-12')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-6-12')).toBe(false);
    expect(isDate(null)).toBe(false);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
