import { ApiError } from '../../lib/api.ts';

/** What a write that can overbook takes to hold the kit anyway (the contract's override fields). */
export interface Override {
  override: true;
  override_note: string;
}

/**
 * Runs a write that can overbook (reserve, hold an item by name, a requirement added or
 * raised, new dates). When the server refuses it with 409 `overbooked`, its sentence
 * ("Stage deck 12 is on Summer show 3–9 Jun.") is shown by `ask`, which offers to overbook
 * with a note; with a note the same write is sent again with the override, without one
 * nothing is written and the answer is undefined. Any other failure is thrown.
 */
/** A write refused because it would overbook (409 `overbooked`). */
export function isOverbooked(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'overbooked';
}

export async function withOverride<T>(
  write: (override?: Override) => Promise<T>,
  ask: (refusal: string) => Promise<string | null | undefined>,
): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (!isOverbooked(error)) throw error;
    const note = (await ask(error.message))?.trim();
    if (!note) return undefined;
    return write({ override: true, override_note: note });
  }
}
