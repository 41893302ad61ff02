import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict, errorBody } from '../../errors.ts';
import { inOneTransaction } from '../../db/one-transaction.ts';
import { idempotencyRepo, type IdempotencyRow } from './idempotency.repo.ts';

/** How long a key and its answer are kept: a phone offline for a week still syncs once. */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a second request with a key still running waits for the first one's answer. */
export const WAIT_FOR_FIRST_MS = 10_000;
/**
 * A claim this old with no answer belongs to a request that died (its instance crashed):
 * it is taken over. Far above any request's running time.
 */
export const STALE_CLAIM_MS = 60_000;
const POLL_MS = 50;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export interface Answer {
  status: number;
  /** The answer's JSON text, byte for byte what the first request got. */
  body: string;
  replayed: boolean;
}

/** The request's Idempotency-Key header, null when it has none; malformed keys are a 400. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw badRequest(
      'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
      'invalid_idempotency_key',
    );
  }
  return value;
}

/** What makes two requests "the same": the endpoint and its validated input. */
export function fingerprintOf(parts: {
  method: string;
  path: string;
  params: unknown;
  query: unknown;
  body: unknown;
}): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Runs `run` once per (caller, key): the first request claims the key by inserting its row,
 * runs, and stores its answer (an error answer too: replaying a refused request is refused
 * the same way). A replay gets the stored answer without running anything; a request that
 * arrives while the first is still running waits for its answer (up to WAIT_FOR_FIRST_MS,
 * then a retryable 409). The same key with a different request is a 422. A failure of ours
 * (5xx) stores nothing, so the client may retry with the same key.
 */
export async function withIdempotencyKey(
  app: FastifyInstance,
  who: { userKey: string; key: string; fingerprint: string },
  run: () => Promise<{ status: number; body: string }>,
): Promise<Answer> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = new Date();
    const row: IdempotencyRow = {
      user_key: who.userKey,
      key: who.key,
      fingerprint: who.fingerprint,
      status: null,
      body: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + KEY_LIFETIME_MS).toISOString(),
    };
    if (await idempotencyRepo.claim(app.db, row)) {
      return { ...(await runClaimed(app, row, run)), replayed: false };
    }
    const existing = await idempotencyRepo.find(app.db, who.userKey, who.key);
    if (!existing) continue; // released or purged between our claim and our read
    if (existing.expires_at <= row.created_at) {
      await idempotencyRepo.drop(app.db, existing);
      continue;
    }
    if (existing.fingerprint !== who.fingerprint) {
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request.',
      );
    }
    if (existing.status !== null && existing.body !== null) {
      return { status: existing.status, body: existing.body, replayed: true };
    }
    if (now.getTime() - Date.parse(existing.created_at) > STALE_CLAIM_MS) {
      await idempotencyRepo.drop(app.db, existing);
      continue;
    }
    if (Date.now() >= deadline) {
      throw conflict(
        'The same request is still being processed. Try again in a moment.',
        'idempotency_in_progress',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs a claimed request with its answer stored in the same transaction as its writes
 * (inOneTransaction): an instance dying between the two can no longer leave a committed
 * write without its answer, which a resend after STALE_CLAIM_MS would apply again. A
 * refusal (4xx) commits what ran before it, as without a key, and stores itself; a failure
 * of ours rolls back the writes and releases the claim, so the same key may be retried.
 */
async function runClaimed(
  app: FastifyInstance,
  row: IdempotencyRow,
  run: () => Promise<{ status: number; body: string }>,
): Promise<{ status: number; body: string }> {
  const store = (answer: { status: number; body: string }) =>
    idempotencyRepo.complete(app.db, row.user_key, row.key, answer);
  let outcome: { answer: { status: number; body: string } } | { refusal: AppError };
  try {
    outcome = await inOneTransaction(async () => {
      try {
        const answer = await run();
        await store(answer);
        return { answer };
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // The same body the error handler sends (a stale-version 409 keeps its record).
        await store({ status: error.status, body: JSON.stringify(errorBody(error)) });
        return { refusal: error };
      }
    });
  } catch (error) {
    await idempotencyRepo.drop(app.db, row).catch(() => {});
    throw error;
  }
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.answer;
}
