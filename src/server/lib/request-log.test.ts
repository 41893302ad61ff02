import { describe, expect, it } from 'vitest';
import { captureLog, useTestApp } from '../../../test/helpers/app.ts';
import { redactUrl } from './request-log.ts';

const log = captureLog();

const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });

const SECRET = 'Zk3vQ9secretTOKENvalue_-x';

describe('request log', () => {
  it('never writes a reset or verification token into the log', async () => {
    await t.app.inject({ method: 'GET', url: `/api/reset/${SECRET}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/reset/${SECRET}?x=1`,
      payload: { username: 'a@b.co', newPassword: 'long-enough-1' },
    });
    await t.app.inject({ method: 'GET', url: `/reset-password/${SECRET}` });
    await t.app.inject({ method: 'GET', url: `/verify-email/${SECRET}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/members/email/verify',
      payload: { token: SECRET },
    });
    const written = log.text();
    expect(written).toContain('/api/reset/[redacted]');
    expect(written).toContain('/reset-password/[redacted]');
    expect(written).toContain('/verify-email/[redacted]');
    expect(written).not.toContain(SECRET);
  });

  it('leaves other addresses as they are', () => {
    expect(redactUrl('/api/items/AB12?q=x')).toBe('/api/items/AB12?q=x');
    expect(redactUrl('/reset-password/abc/def')).toBe('/reset-password/[redacted]/def');
  });
});
