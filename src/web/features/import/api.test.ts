import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { sendImport, type ImportProgress } from './api.ts';

/** A stand-in XMLHttpRequest that records the request and answers as told. */
class FakeXhr {
  static last: FakeXhr;
  static answer: { status: number; body: string } | 'drop' = { status: 200, body: '{}' };
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: object) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  sent: unknown;
  open(_method: string, url: string) {
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.upload.onload?.();
    const answer = FakeXhr.answer;
    if (answer === 'drop') this.onerror?.();
    else {
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    }
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('sendImport', () => {
  it('sends the file with every mapped field, an empty one leaving it out, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: '{"create":3}' };
    const file = new Blob(['name\nx\n']);
    const seen: ImportProgress[] = [];
    const answer = await sendImport(
      {
        file,
        filename: 'flats.csv',
        mapping: { name: 'Description', note: '' },
        dryRun: true,
      },
      (p) => seen.push(p),
    );
    expect(answer).toEqual({ create: 3 });
    const url = new URL(FakeXhr.last.url, 'http://x');
    expect(url.pathname).toBe('/api/inventory/import');
    expect([...url.searchParams]).toEqual([
      ['dry_run', 'true'],
      ['filename', 'flats.csv'],
      ['map.name', 'Description'],
      ['map.note', ''],
    ]);
    expect(FakeXhr.last.headers['Content-Type']).toBe('text/csv');
    expect(FakeXhr.last.withCredentials).toBe(true);
    expect(FakeXhr.last.sent).toBe(file);
    expect(seen).toEqual([{ phase: 'upload', fraction: 0.5 }, { phase: 'server' }]);
  });

  it("turns the server's refusal into its message, and a dropped connection into advice", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 400,
      body: '{"error":{"code":"import_invalid","message":"Nothing was imported: row 3, type: …"}}',
    };
    const request = { file: new Blob(['a']), filename: 'x.csv', mapping: {}, dryRun: false };
    const refused = await sendImport(request).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'import_invalid' });
    expect((refused as Error).message).toBe('Nothing was imported: row 3, type: …');
    FakeXhr.answer = 'drop';
    await expect(sendImport(request)).rejects.toThrow(/connection dropped/);
  });
});
