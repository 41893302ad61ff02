import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import { updateRows } from '../../db/rows.ts';
import type { Database, NewUser, UserRow } from '../../db/schema.ts';
import { bumpVersion, rowsMatched, type ExpectedVersion } from '../../db/versioning.ts';

/** Members with their client's name, as the Users tab shows them. */
function membersWithClientNames(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('clients', 'clients.id', 'users.client_id')
    .select([
      'users.id',
      'users.email',
      'users.is_admin',
      'users.client_id',
      'users.email_verified_at',
      'users.created_at',
      'users.version',
      'clients.name as client_name',
    ]);
}

export const membersRepo = {
  async findByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  },

  async findById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Sorted by code point on both engines: PostgreSQL would otherwise follow the server's
   * locale (en_US ignores punctuation), and the same data would list differently.
   */
  async listWithClientNames(db: Kysely<Database>, dialect: Dialect) {
    return membersWithClientNames(db)
      .orderBy(dialect === 'postgres' ? sql`users.email collate "C"` : sql`users.email`)
      .execute();
  },

  async findWithClientName(db: Kysely<Database>, id: string) {
    return membersWithClientNames(db).where('users.id', '=', id).executeTakeFirst();
  },

  async insert(db: Kysely<Database>, user: NewUser): Promise<void> {
    await db.insertInto('users').values(user).execute();
  },

  /** False when no row matched: gone, or no longer at the `expected` version. */
  async setPassword(
    db: Kysely<Database>,
    id: string,
    passwordHash: string,
    now: string,
    expected?: ExpectedVersion,
  ): Promise<boolean> {
    const query = db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id);
    return rowsMatched(await bumpVersion(query, expected).executeTakeFirst());
  },

  async setAdmin(db: Kysely<Database>, id: string, now: string): Promise<void> {
    const query = db
      .updateTable('users')
      .set({ is_admin: 1, client_id: null, updated_at: now })
      .where('id', '=', id);
    await bumpVersion(query, undefined).execute();
  },

  async demoteAdmin(db: Kysely<Database>, id: string, now: string): Promise<void> {
    const query = db
      .updateTable('users')
      .set({ is_admin: 0, updated_at: now })
      .where('id', '=', id);
    await bumpVersion(query, undefined).execute();
  },

  async markVerified(db: Kysely<Database>, id: string, now: string): Promise<void> {
    const unverified = { id, email_verified_at: null };
    await updateRows(db, 'users', unverified, { email_verified_at: now, updated_at: now });
  },

  async delete(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('users').where('id', '=', id).execute();
  },

  async count(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * Admins who are staff (a client user flagged admin never manages members), locked
   * until the transaction ends. Without the lock, two PostgreSQL transactions could each
   * see two admins and delete one each, leaving none; SQLite runs one writer at a time.
   */
  async lockAdminIds(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
    let query = db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .where('client_id', 'is', null)
      // One lock order for everyone, so two deleters wait instead of deadlocking.
      .orderBy('id');
    if (dialect === 'postgres') query = query.forUpdate();
    const rows = await query.execute();
    return rows.map((r) => r.id);
  },

  /** Who is told when something needs an admin (a webhook endpoint switched off). */
  async adminEmails(db: Kysely<Database>): Promise<string[]> {
    const rows = await db
      .selectFrom('users')
      .select('email')
      .where('is_admin', '=', 1)
      .where('client_id', 'is', null)
      .orderBy('email')
      .execute();
    return rows.map((r) => r.email);
  },
};

export function toCurrentUser(
  row: Pick<UserRow, 'id' | 'email' | 'is_admin' | 'client_id' | 'email_verified_at'>,
) {
  return {
    id: row.id,
    email: row.email,
    is_admin: Boolean(row.is_admin),
    client_id: row.client_id,
    email_verified: row.email_verified_at !== null,
  };
}
