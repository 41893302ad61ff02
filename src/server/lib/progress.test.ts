import { describe, expect, it } from 'vitest';
import { duration, LINE_EVERY_MS, progressBar, progressLine, progressOn } from './progress.ts';

/** A clock the test moves, and an output that records what was written. */
function fixture(isTTY: boolean) {
  let clock = 0;
  const written: string[] = [];
  const progress = progressOn({
    output: { write: (text: string) => written.push(text), isTTY, columns: 100 },
    now: () => clock,
  });
  return {
    progress,
    written,
    tick: (ms: number) => (clock += ms),
  };
}

describe('progress off a terminal', () => {
  it('prints nothing until a few seconds have passed, however much is done', () => {
    const { progress, written, tick } = fixture(false);
    const seeding = progress('Seeding items', 1000, 'items');
    for (let i = 0; i < 999; i++) {
      tick(LINE_EVERY_MS / 1000 - 1);
      seeding.advance();
    }
    expect(written).toEqual([]);
  });

  it('says it cannot estimate before anything is done or without a total', () => {
    expect(
      progressLine({
        label: 'Copying files',
        done: 0,
        total: 10,
        unit: 'files',
        elapsedMs: 6000,
        final: false,
      }),
    ).toBe('Copying files: 0 of 10 files (0%), 6 s so far, time left not known yet');
    expect(
      progressLine({
        label: 'Copying files',
        done: 250,
        total: null,
        unit: 'files',
        elapsedMs: 6000,
        final: false,
      }),
    ).toBe('Copying files: 250 files, 6 s so far, time left not known yet');
  });

  it('prints a line every few seconds with the count and an estimate at the pace so far', () => {
    const { progress, written, tick } = fixture(false);
    const seeding = progress('Seeding items', 1_000_000, 'items');
    // 20,000 items a second: 50 s in all.
    for (let second = 1; second <= 12; second++) {
      tick(1000);
      seeding.advance(20_000);
    }
    seeding.finish();
    expect(written).toEqual([
      'Seeding items: 100,000 of 1,000,000 items (10%), 5 s so far, about 45 s left\n',
      'Seeding items: 200,000 of 1,000,000 items (20%), 10 s so far, about 40 s left\n',
      'Seeding items: 240,000 of 1,000,000 items (24%), done in 12 s\n',
    ]);
  });

  it('follows a total learned along the way', () => {
    const { progress, written, tick } = fixture(false);
    const backup = progress('Backing up rows', null, 'rows');
    tick(LINE_EVERY_MS);
    backup.advance(500);
    backup.setTotal(2000);
    tick(LINE_EVERY_MS);
    backup.advance(500);
    expect(written).toEqual([
      'Backing up rows: 500 rows, 5 s so far, time left not known yet\n',
      'Backing up rows: 1,000 of 2,000 rows (50%), 10 s so far, about 10 s left\n',
    ]);
  });
});

describe('progress on a terminal', () => {
  it('redraws one bar in place, then ends its line', () => {
    const { progress, written, tick } = fixture(true);
    const restore = progress('Restoring rows', 400, 'rows');
    tick(50);
    restore.advance(100);
    expect(written).toEqual([]);
    tick(50);
    restore.advance(100);
    tick(300);
    restore.advance(100);
    restore.finish();
    expect(written).toHaveLength(3);
    expect(written.every((text) => text.startsWith('\r'))).toBe(true);
    expect(written[0]).toContain(
      'Restoring rows [############------------] 200/400 rows 50%  ETA 0 s',
    );
    expect(written[1]).toContain('[##################------] 300/400 rows 75%  ETA 0 s');
    expect(written[2]).toMatch(/300\/400 rows 75% {2}in 0 s +\n$/);
  });

  it('shows the estimate in minutes and hours for long runs', () => {
    expect(
      progressBar({
        label: 'Seeding items',
        done: 40_000,
        total: 1_000_000,
        unit: 'items',
        elapsedMs: 12_000,
        final: false,
      }),
    ).toBe('Seeding items [#-----------------------] 40,000/1,000,000 items 4%  ETA 4 min 48 s');
    expect(duration(2 * 3600_000 + 5 * 60_000)).toBe('2 h 5 min');
  });
});
