import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, loginWith } from '../../../../test/helpers/app.ts';
import { buildMember } from '../../../../test/factories/members.ts';
import { ensureFirstAdmin } from './members.service.ts';

/** What main.ts does on every start, before it listens. */
describe('ensureFirstAdmin', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database', async () => {
    const own = await createTestApp({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'configured-pass',
    });
    try {
      const info = vi.spyOn(own.app.log, 'info').mockImplementation(() => {});
      const warn = vi.spyOn(own.app.log, 'warn').mockImplementation(() => {});
      await ensureFirstAdmin(own.app);
      const users = await own.app.db.selectFrom('users').selectAll().execute();
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ email: 'boss@example.com', is_admin: 1, client_id: null });
      expect(users[0]!.email_verified_at).not.toBeNull();
      expect(warn).not.toHaveBeenCalled();
      expect(JSON.stringify(info.mock.calls)).not.toContain('configured-pass');

      const cookie = await loginWith(own.app, 'boss@example.com', 'configured-pass');
      const list = await own.app.inject({
        method: 'GET',
        url: '/api/members/list',
        headers: { cookie },
      });
      expect(list.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('logs a random password once when ADMIN_PASSWORD is not set, and it works', async () => {
    const own = await createTestApp({ ADMIN_EMAIL: 'first@example.com', LOG_LEVEL: 'warn' });
    try {
      const warn = vi.spyOn(own.app.log, 'warn').mockImplementation(() => {});
      await ensureFirstAdmin(own.app);
      expect(warn).toHaveBeenCalledTimes(1);
      const message = String(warn.mock.calls[0]![0]);
      const password = /password (\S+) /.exec(message)?.[1];
      expect(password).toBeDefined();
      expect(password!.length).toBeGreaterThanOrEqual(16);
      expect(message).toContain('first@example.com');
      await loginWith(own.app, 'first@example.com', password!);

      await ensureFirstAdmin(own.app);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      await own.close();
    }
  });

  it('still shows the random password when logging is switched off', async () => {
    const own = await createTestApp({ ADMIN_EMAIL: 'quiet@example.com', LOG_LEVEL: 'silent' });
    try {
      const written: string[] = [];
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
      await ensureFirstAdmin(own.app);
      vi.mocked(process.stderr.write).mockRestore();
      const password = /password (\S+) /.exec(written.join(''))?.[1];
      expect(password).toBeDefined();
      await loginWith(own.app, 'quiet@example.com', password!);
    } finally {
      await own.close();
    }
  });

  it('adds nobody to a database that already has members', async () => {
    const own = await createTestApp({ ADMIN_EMAIL: 'boss@example.com' });
    try {
      const existing = await buildMember(own.app, { role: 'staff' });
      const warn = vi.spyOn(own.app.log, 'warn').mockImplementation(() => {});
      await ensureFirstAdmin(own.app);
      const users = await own.app.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([{ id: existing.id }]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await own.close();
    }
  });
});
