import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, staleVersion } from '../../errors.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { entityActivity, type Actor } from '../activity/activity.repo.ts';
import { refreshSearchForReference, type SearchReference } from '../items/search.repo.ts';
import {
  countReferences,
  isForeignKeyViolation,
  namedRepo,
  type NamedRow,
  type NamedTableName,
  type ReferenceColumn,
} from './named.repo.ts';
import { EVERYTHING, scopeOf, type Scope } from './scope.ts';

export interface NamedEntityKind {
  table: NamedTableName;
  activityType: 'CLIENT' | 'LOCATION' | 'COMPONENT';
  /** As users read it: "Client", "Component type". */
  noun: string;
  /** Client users read only the row that is their own client (true for clients only). */
  scopedByClient?: boolean;
  /** How item search documents name this row: they carry its name, so a rename refreshes them. */
  searchReference: (id: string) => SearchReference;
  /**
   * What blocks a deletion, said as "{opening} 3 items and 1 member.": the columns that
   * point at the row, each with its counted noun.
   */
  usedBy: {
    opening: string;
    references: Array<[ReferenceColumn, singular: string, plural: string]>;
  };
}

/** Counted nouns: [3, 'item', 'items'] -> "3 items". */
export type Usage = [count: number, singular: string, plural: string];

/** "This client still has" + usages -> "This client still has 3 items and 1 member." */
export function usageSentence(opening: string, usages: Usage[]): string | null {
  const parts = usages
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  if (parts.length === 0) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${opening} ${list}.`;
}

/** Create, read, rename and delete for a name-only catalog entity, with its feed entries. */
export function namedEntityService(kind: NamedEntityKind) {
  const { noun } = kind;
  const repo = namedRepo(kind.table);

  /** Why the row cannot be deleted yet, as a plain sentence; null when nothing uses it. */
  async function stillUsed(db: Kysely<Database>, id: string): Promise<string | null> {
    const usages: Usage[] = [];
    for (const [column, one, many] of kind.usedBy.references) {
      usages.push([await countReferences(db, column, id), one, many]);
    }
    return usageSentence(kind.usedBy.opening, usages);
  }
  const visibleTo = (user: CurrentUser) => (kind.scopedByClient ? scopeOf(user) : EVERYTHING);

  async function findOrThrow(db: Kysely<Database>, id: string, scope: Scope) {
    const row = await repo.find(db, id, scope);
    if (!row) throw notFound(noun);
    return row;
  }

  return {
    async list(app: FastifyInstance, user: CurrentUser): Promise<NamedRow[]> {
      return repo.list(app.db, app.dialect, visibleTo(user));
    },

    async get(app: FastifyInstance, id: string, user: CurrentUser): Promise<NamedRow> {
      return findOrThrow(app.db, id, visibleTo(user));
    },

    async create(app: FastifyInstance, name: string, actor: Actor | null): Promise<NamedRow> {
      const now = nowIso();
      const row = { id: newId(), name, created_at: now, updated_at: now };
      await app.db.transaction().execute(async (trx) => {
        await repo.insert(trx, row);
        await entityActivity(trx, kind.activityType, actor, row, 'CREATE');
      });
      return { id: row.id, name, version: 1, updated_at: now };
    },

    async rename(
      app: FastifyInstance,
      id: string,
      name: string,
      actor: Actor | null,
      expected?: ExpectedVersion,
    ): Promise<NamedRow> {
      const now = nowIso();
      return app.db.transaction().execute(async (trx) => {
        await findOrThrow(trx, id, EVERYTHING);
        if (!(await repo.rename(trx, id, name, now, expected))) {
          throw staleVersion(noun, await findOrThrow(trx, id, EVERYTHING));
        }
        await refreshSearchForReference(trx, kind.searchReference(id));
        await entityActivity(trx, kind.activityType, actor, { id, name }, 'UPDATE');
        return findOrThrow(trx, id, EVERYTHING);
      });
    },

    /** Refused with 409 while anything points at the row: no dangling ids, ever. */
    async remove(app: FastifyInstance, id: string, actor: Actor | null): Promise<void> {
      await app.db.transaction().execute(async (trx) => {
        const row = await findOrThrow(trx, id, EVERYTHING);
        const reason = await stillUsed(trx, id);
        if (reason) throw conflict(reason, 'in_use');
        try {
          await repo.delete(trx, id);
        } catch (err) {
          // Something began to use the row between our count and the delete.
          if (isForeignKeyViolation(err)) {
            throw conflict(`This ${noun.toLowerCase()} is still in use.`, 'in_use');
          }
          throw err;
        }
        await entityActivity(trx, kind.activityType, actor, row, 'DELETE');
      });
    },
  };
}

export type NamedEntityService = ReturnType<typeof namedEntityService>;
