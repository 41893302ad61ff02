import { describe, expect, it } from 'vitest';
import { readFreeWindow } from './free-window.ts';

describe('"Free from … to …"', () => {
  it('refuses a missing first day, a bad date and a backwards window', () => {
    expect(readFreeWindow('', '2026-06-09').error).toEqual({
      field: 'from',
      message: 'Choose the first day.',
    });
    expect(readFreeWindow('2026-06-03', '2026-02-30').error?.field).toBe('to');
    expect(readFreeWindow('2026-06-09', '2026-06-03')).toEqual({
      window: null,
      error: { field: 'to', message: 'The last day cannot be before the first.' },
    });
  });

  it('is off when both are empty, and one day when only the first is given', () => {
    expect(readFreeWindow('', '')).toEqual({ window: null, error: null });
    expect(readFreeWindow('2026-06-03', '').window).toEqual({
      from: '2026-06-03',
      to: '2026-06-03',
    });
    expect(readFreeWindow('2026-06-03', '2026-06-09').window).toEqual({
      from: '2026-06-03',
      to: '2026-06-09',
    });
  });
});
