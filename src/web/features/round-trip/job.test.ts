import { describe, expect, it } from 'vitest';
import { calendarDate } from './job.ts';

describe('job dates', () => {
  it('reads calendar dates as that day wherever the reader is', () => {
    expect(calendarDate('2026-07-10')).toContain('10');
    expect(calendarDate('2026-07-10')).toContain('2026');
  });
});
