/**
 * Progress of a long command (seed, backup, restore, storage:copy): on a terminal a bar
 * redrawn in place, otherwise (a CI log, a file, cron mail) a line every few seconds. Both
 * say how many of how many are done and about how long is left. Written to stderr, so what
 * a command prints on stdout stays its result.
 */

export interface Progress {
  /** `count` more done. */
  advance(count?: number): void;
  /** The total learned along the way (or corrected). */
  setTotal(total: number): void;
  /** Prints the final state, done or not (the bar's line is ended). */
  finish(): void;
}

/** Starts the progress of one step: what is counted, and how many there are if known. */
export type ProgressFactory = (label: string, total: number | null, unit: string) => Progress;

/** Where progress goes: stderr, or a test's stand-in. */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressSettings {
  output?: ProgressOutput;
  /** Lines when not on a terminal: at most one per this. */
  lineEveryMs?: number;
  /** The bar on a terminal: redrawn at most this often. */
  redrawEveryMs?: number;
  now?: () => number;
}

export const LINE_EVERY_MS = 5_000;
const REDRAW_EVERY_MS = 100;
const BAR_WIDTH = 24;

/** For callers that show nothing (tests, the server's own backup before migrating). */
export const noProgress: ProgressFactory = () => ({
  advance: () => {},
  setTotal: () => {},
  finish: () => {},
});

/** Progress on stderr: a bar when it is a terminal, a line every few seconds otherwise. */
export function progressOn(settings: ProgressSettings = {}): ProgressFactory {
  const output = settings.output ?? process.stderr;
  const now = settings.now ?? (() => performance.now());
  const bar = Boolean(output.isTTY);
  const every = bar
    ? (settings.redrawEveryMs ?? REDRAW_EVERY_MS)
    : (settings.lineEveryMs ?? LINE_EVERY_MS);
  return (label, initialTotal, unit) => {
    const started = now();
    let total = initialTotal;
    let done = 0;
    let shownAt = started;
    const show = (final: boolean) => {
      const state = { label, done, total, unit, elapsedMs: now() - started, final };
      if (bar) {
        const width = Math.max(20, (output.columns || 80) - 1);
        output.write(`\r${progressBar(state).slice(0, width).padEnd(width)}${final ? '\n' : ''}`);
      } else {
        output.write(`${progressLine(state)}\n`);
      }
      shownAt = now();
    };
    return {
      advance(count = 1) {
        done += count;
        if (now() - shownAt >= every) show(false);
      },
      setTotal(value) {
        total = value;
      },
      finish: () => show(true),
    };
  };
}

export interface ProgressState {
  label: string;
  done: number;
  total: number | null;
  unit: string;
  elapsedMs: number;
  /** The last report: the time taken rather than the time left. */
  final: boolean;
}

/** `Seeding items: 40,000 of 1,000,000 items (4%), 12 s so far, about 4 min 48 s left` */
export function progressLine(state: ProgressState): string {
  return `${state.label}: ${count(state)}${timing(state)}`;
}

/** `Seeding items [####--------------------] 40,000/1,000,000 items 4%  ETA 4 min 48 s` */
export function progressBar(state: ProgressState): string {
  const { done, total } = state;
  const fraction = total ? Math.min(1, done / total) : 0;
  const filled = Math.round(fraction * BAR_WIDTH);
  const gauge = total ? `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ` : '';
  const numbers = total
    ? `${number(done)}/${number(total)} ${state.unit} ${percent(done, total)}`
    : `${number(done)} ${state.unit}`;
  const left = remainingMs(state);
  const tail = state.final
    ? `  in ${duration(state.elapsedMs)}`
    : left === null
      ? ''
      : `  ETA ${duration(left)}`;
  return `${state.label} ${gauge}${numbers}${tail}`;
}

function count({ done, total, unit }: ProgressState): string {
  return total === null
    ? `${number(done)} ${unit}`
    : `${number(done)} of ${number(total)} ${unit} (${percent(done, total)})`;
}

function timing(state: ProgressState): string {
  if (state.final) return `, done in ${duration(state.elapsedMs)}`;
  const left = remainingMs(state);
  const estimate = left === null ? 'time left not known yet' : `about ${duration(left)} left`;
  return `, ${duration(state.elapsedMs)} so far, ${estimate}`;
}

/** At the pace so far; unknown without a total or before the first one is done. */
export function remainingMs({ done, total, elapsedMs }: ProgressState): number | null {
  if (total === null || done === 0) return null;
  return (elapsedMs / done) * Math.max(0, total - done);
}

export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const number = (n: number) => n.toLocaleString('en-US');
const percent = (done: number, total: number) =>
  `${total === 0 ? 100 : Math.floor((done / total) * 100)}%`;
