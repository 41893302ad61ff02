import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { loadConfig } from '../config.ts';
import { chooseLogFormat, formatLogLine } from './log-format.ts';

/** A log stream that says it is (or is not) a terminal, and what was written to it. */
function output(isTTY: boolean) {
  const lines: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
    { isTTY },
  );
  return { stream, lines };
}

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The real server logging to `stream`, after one request and one error. */
async function logOf(env: Record<string, string>, isTTY: boolean): Promise<string[]> {
  const out = output(isTTY);
  running = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: out.stream });
  await running.app.inject({ method: 'GET', url: '/api/health' });
  running.app.log.error({ err: new Error('disk on fire'), itemId: 'AB12' }, 'could not save');
  return out.lines;
}

describe('LOG_FORMAT', () => {
  it('refuses a value other than pretty or json at startup', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT must be pretty or json/);
    expect(() => loadConfig({ LOG_FORMAT: 'JSON' })).toThrow(/LOG_FORMAT/);
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
  });

  it('unset, is pretty on a terminal and JSON lines otherwise', () => {
    expect(chooseLogFormat(undefined, { isTTY: true })).toBe('pretty');
    expect(chooseLogFormat(undefined, { isTTY: false })).toBe('json');
    expect(chooseLogFormat(undefined, {})).toBe('json');
    expect(chooseLogFormat('json', { isTTY: true })).toBe('json');
    expect(chooseLogFormat('pretty', {})).toBe('pretty');
  });

  it('json: every line of the server log is one JSON object', async () => {
    const lines = await logOf({ LOG_FORMAT: 'json' }, true);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((e) => e.msg === 'incoming request')).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/health' },
    });
    expect(entries.find((e) => e.msg === 'request completed')).toMatchObject({
      res: { statusCode: 200 },
    });
    expect(entries.find((e) => e.msg === 'could not save')).toMatchObject({
      level: 50,
      itemId: 'AB12',
      err: { message: 'disk on fire' },
    });
  });

  it('pretty: a readable line per event, with the error stack below', async () => {
    const lines = await logOf({ LOG_FORMAT: 'pretty' }, false);
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    const text = lines.join('\n');
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}req-\w+ → GET \/api\/health from /m);
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}req-\w+ ← 200 in \d+\.\d ms$/m);
    expect(text).toMatch(/ERROR could not save itemId=AB12\n {4}Error: disk on fire\n {4}.*at /);
    // Not a terminal: no colour codes in a file.
    expect(text).not.toContain('\x1b[');
  });

  it('unset: the server logs pretty to a terminal and JSON to anything else', async () => {
    const toTerminal = await logOf({}, true);
    expect(toTerminal.some((line) => line.includes('→ GET /api/health'))).toBe(true);
    expect(toTerminal.filter((line) => line.startsWith('{'))).toEqual([]);
    await running!.close();
    running = undefined;
    const toFile = await logOf({}, false);
    expect(toFile.length).toBeGreaterThan(0);
    expect(toFile.every((line) => line.startsWith('{'))).toBe(true);
  });

  it('passes a line that is not JSON through, and keeps other fields as key=value', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
    const line = JSON.stringify({ level: 40, time: 0, msg: 'slow', ms: 812, who: { id: 'x' } });
    expect(formatLogLine(line)).toBe('00:00:00.000 WARN  slow ms=812 who={"id":"x"}');
    expect(formatLogLine(line, true)).toContain('\x1b[33mWARN \x1b[0m');
  });
});
