import type { StocktakeCounts } from './schemas/stocktake.ts';

/**
 * A stock-take's counts in words: "38 of 52 found · 3 wrong place · 1 unknown". The scanning
 * screen, the list of stock-takes and the PDF report say them the same way.
 */
export function countsText(counts: StocktakeCounts): string {
  return [
    `${counts.found} of ${counts.expected} found`,
    counts.wrong_place > 0 && `${counts.wrong_place} wrong place`,
    counts.unexpected > 0 && `${counts.unexpected} unexpected`,
    counts.unknown > 0 && `${counts.unknown} unknown`,
    counts.missing > 0 && `${counts.missing} missing`,
  ]
    .filter(Boolean)
    .join(' · ');
}
