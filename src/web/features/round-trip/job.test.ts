import { describe, expect, it } from 'vitest';
import { calendarDate, isOverdue, today } from './job.ts';

describe('job dates', () => {
  it('is overdue only while out and after the due date', () => {
    expect(isOverdue({ stage: 'out', due_date: '2026-07-01' }, '2026-07-02')).toBe(true);
    expect(isOverdue({ stage: 'out', due_date: '2026-07-02' }, '2026-07-02')).toBe(false);
    expect(isOverdue({ stage: 'out', due_date: null }, '2026-07-02')).toBe(false);
    expect(isOverdue({ stage: 'closed', due_date: '2026-07-01' }, '2026-07-02')).toBe(false);
    expect(isOverdue({ stage: 'planning', due_date: '2026-07-01' }, '2026-07-02')).toBe(false);
  });

  it('reads calendar dates as that day wherever the reader is; today is the UTC day', () => {
    expect(calendarDate('2026-07-10')).toContain('10');
    expect(calendarDate('2026-07-10')).toContain('2026');
    expect(today(new Date(Date.UTC(2026, 0, 5, 23, 59)))).toBe('2026-01-05');
  });
});
