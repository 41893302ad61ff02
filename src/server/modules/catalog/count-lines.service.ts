import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ExpectedVersion } from '../../db/versioning.ts';
import { notFound, staleVersion, type AppError } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import type { Actor } from '../activity/activity.repo.ts';
import type { countLinesRepo } from './count-lines.repo.ts';
import { isUniqueViolation } from './named.repo.ts';

export interface CountLineKind<Owner, Row> {
  repo: ReturnType<typeof countLinesRepo<Row>>;
  /** As users read it: "Item component", "Requirement". */
  noun: string;
  /** The owner (an item, a manifest), or its 404. */
  findOwner: (db: Kysely<Database>, ownerId: string) => Promise<Owner>;
  /** A line is part of its owner: the owner's updated_at moves and its feed says so. */
  ownerChanged: (
    trx: Transaction<Database>,
    owner: Owner,
    actor: Actor | null,
    now: string,
  ) => Promise<void>;
  /** Refuses (400) a component type that does not exist. */
  checkComponent: (db: Kysely<Database>, componentId: string) => Promise<void>;
  /** The 409 for a component type already on the owner: adding silently would hide a typo. */
  duplicate: () => AppError;
  /**
   * Runs in the write's transaction after a line was added or its count changed (a
   * reserved job re-checks what it holds: docs/decisions.md, "Reservations").
   */
  afterWrite?: (
    trx: Transaction<Database>,
    owner: Owner,
    line: { component_id: string; count: number; previous: number },
    options: LineWriteOptions,
    actor: Actor | null,
  ) => Promise<void>;
}

/** What a write may say beyond the line itself (an overbooking on purpose, with why). */
export interface LineWriteOptions {
  override?: boolean;
  override_note?: string | null;
}

/**
 * Add, recount and remove for the count lines of an owner (see countLinesRepo), each in
 * one transaction with the owner's change.
 */
export function countLinesService<Owner, Row extends { count: number }>(
  kind: CountLineKind<Owner, Row>,
) {
  const { repo, noun } = kind;

  async function mustFind(db: Kysely<Database>, ownerId: string, componentId: string) {
    const row = await repo.find(db, ownerId, componentId);
    if (!row) throw notFound(noun);
    return row;
  }

  return {
    async add(
      app: FastifyInstance,
      ownerId: string,
      input: { component_id: string; count: number } & LineWriteOptions,
      actor: Actor | null,
    ): Promise<Row> {
      return app.db.transaction().execute(async (trx) => {
        const owner = await kind.findOwner(trx, ownerId);
        await kind.checkComponent(trx, input.component_id);
        if (await repo.find(trx, ownerId, input.component_id)) throw kind.duplicate();
        const now = nowIso();
        try {
          await repo.insert(trx, ownerId, input, now);
        } catch (err) {
          // Two requests adding the same component at once: the primary key decides.
          if (isUniqueViolation(err)) throw kind.duplicate();
          throw err;
        }
        await kind.ownerChanged(trx, owner, actor, now);
        await kind.afterWrite?.(trx, owner, { ...input, previous: 0 }, input, actor);
        return mustFind(trx, ownerId, input.component_id);
      });
    },

    /** With `expected`, a 409 carrying the line as it is now when it changed meanwhile. */
    async setCount(
      app: FastifyInstance,
      ownerId: string,
      componentId: string,
      count: number,
      actor: Actor | null,
      expected?: ExpectedVersion,
      options: LineWriteOptions = {},
    ): Promise<Row> {
      return app.db.transaction().execute(async (trx) => {
        const owner = await kind.findOwner(trx, ownerId);
        const before = await mustFind(trx, ownerId, componentId);
        const now = nowIso();
        if (!(await repo.setCount(trx, ownerId, componentId, count, now, expected))) {
          throw staleVersion(noun, await mustFind(trx, ownerId, componentId));
        }
        await kind.ownerChanged(trx, owner, actor, now);
        const line = { component_id: componentId, count, previous: before.count };
        await kind.afterWrite?.(trx, owner, line, options, actor);
        return mustFind(trx, ownerId, componentId);
      });
    },

    async remove(
      app: FastifyInstance,
      ownerId: string,
      componentId: string,
      actor: Actor | null,
    ): Promise<void> {
      await app.db.transaction().execute(async (trx) => {
        const owner = await kind.findOwner(trx, ownerId);
        await mustFind(trx, ownerId, componentId);
        await repo.delete(trx, ownerId, componentId);
        await kind.ownerChanged(trx, owner, actor, nowIso());
      });
    },
  };
}
