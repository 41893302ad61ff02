import { isDate } from '../planner/dates.ts';

/** The days an item must be free on ("Free from … to …"), inclusive, YYYY-MM-DD. */
export interface FreeWindow {
  from: string;
  to: string;
}

/**
 * The window two date inputs give, or why not. An empty "to" means the one day "from";
 * the filter is off (null) while "from" is empty.
 */
export function readFreeWindow(
  from: string,
  to: string,
): { window: FreeWindow | null; error: { field: 'from' | 'to'; message: string } | null } {
  if (!from && !to) return { window: null, error: null };
  if (!isDate(from))
    return { window: null, error: { field: 'from', message: 'Choose the first day.' } };
  if (to && !isDate(to)) {
    return { window: null, error: { field: 'to', message: 'Dates are written YYYY-MM-DD' } };
  }
  const end = to || from;
  if (end < from) {
    return {
      window: null,
      error: { field: 'to', message: 'The last day cannot be before the first.' },
    };
  }
  return { window: { from, to: end }, error: null };
}
