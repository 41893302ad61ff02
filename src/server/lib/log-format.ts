/**
 * How the server's log reads (LOG_FORMAT): JSON lines for a log collector, or one short
 * line per event for a person at a terminal. Unset, a terminal gets the pretty form and
 * anything else (a file, journald, a container's log driver) gets JSON.
 */
export type LogFormat = 'pretty' | 'json';

/** The LOG_FORMAT setting: a format, or undefined to choose by the output. */
export function chooseLogFormat(
  setting: LogFormat | undefined,
  output: { isTTY?: boolean },
): LogFormat {
  return setting ?? (output.isTTY ? 'pretty' : 'json');
}

/** What pino writes to: anything with write(line). */
export interface LogDestination {
  write(line: string): void;
}

/** A destination that turns each pino JSON line into its pretty form on `output`. */
export function prettyDestination(
  output: NodeJS.WritableStream & { isTTY?: boolean },
  colour = Boolean(output.isTTY) && !process.env.NO_COLOR,
): LogDestination {
  return { write: (line) => void output.write(`${formatLogLine(line, colour)}\n`) };
}

const LEVELS: Record<number, { name: string; colour: number }> = {
  10: { name: 'TRACE', colour: 90 },
  20: { name: 'DEBUG', colour: 36 },
  30: { name: 'INFO ', colour: 32 },
  40: { name: 'WARN ', colour: 33 },
  50: { name: 'ERROR', colour: 31 },
  60: { name: 'FATAL', colour: 35 },
};

/** Fields the pretty line shows in its own way, or that say nothing to a reader. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/**
 * `12:04:31.208 INFO  req-7 → GET /api/inventory/items from 203.0.113.5`, then
 * `12:04:31.219 INFO  req-7 ← 200 in 10.4 ms`; other events as their message followed by
 * their fields as key=value, and an error's stack on the lines below. A line that is not
 * JSON is passed on as it is.
 */
export function formatLogLine(line: string, colour = false): string {
  let entry: PinoLine;
  try {
    entry = JSON.parse(line) as PinoLine;
  } catch {
    return line.replace(/\n$/, '');
  }
  const paint = (code: number, text: string) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  const level = LEVELS[entry.level ?? 30] ?? { name: String(entry.level), colour: 0 };
  const time = new Date(entry.time ?? Date.now()).toISOString().slice(11, 23);
  const parts = [paint(90, time), paint(level.colour, level.name)];
  if (entry.reqId) parts.push(paint(90, entry.reqId));
  if (entry.req && entry.msg === 'incoming request') {
    const from = entry.req.remoteAddress ? ` from ${entry.req.remoteAddress}` : '';
    parts.push(`→ ${entry.req.method} ${entry.req.url}${from}`);
  } else if (entry.res && entry.msg === 'request completed') {
    const ms = entry.responseTime === undefined ? '' : ` in ${entry.responseTime.toFixed(1)} ms`;
    parts.push(`← ${entry.res.statusCode}${ms}`);
  } else {
    parts.push(entry.msg ?? '');
  }
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN_APART.has(key) || value === undefined) continue;
    parts.push(
      `${paint(90, `${key}=`)}${typeof value === 'string' ? value : JSON.stringify(value)}`,
    );
  }
  let text = parts.join(' ');
  if (entry.err) {
    const err = entry.err;
    const stack = err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`;
    text += `\n${stack.replace(/^/gm, '    ')}`;
  }
  return text;
}
