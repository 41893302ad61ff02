/** "10 Jul 2026" for a calendar date (YYYY-MM-DD), the same day in every time zone. */
export function calendarDate(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}
