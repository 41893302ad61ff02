import { describe, expect, it } from 'vitest';
import { apiErrorOf } from './api.ts';

describe('apiErrorOf', () => {
  it("reads a code outside the server's closed set as 'unknown', keeping the message", () => {
    const error = apiErrorOf(400, '{"error":{"code":"made_up","message":"Nope."}}');
    expect([error.status, error.code, error.message]).toEqual([400, 'unknown', 'Nope.']);
  });

  it("reads an answer that is not the server's JSON as 'unknown', its text the message", () => {
    const error = apiErrorOf(502, '<html>Bad gateway</html>');
    expect([error.status, error.code, error.message]).toEqual([
      502,
      'unknown',
      '<html>Bad gateway</html>',
    ]);
  });

  it('keeps a known code and the current record of a stale-version conflict', () => {
    const error = apiErrorOf(
      409,
      JSON.stringify({ error: { code: 'conflict', message: 'Changed.', current: { version: 3 } } }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toBe('Changed.');
    expect(error.current).toEqual({ version: 3 });
  });
});
