import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { rowExists } from './named.repo.ts';

/** The table each reference field points into, and the answer when it points at nothing. */
const REFERENCES = {
  client_id: ['clients', 'That client does not exist.'],
  location_id: ['locations', 'That location does not exist.'],
  component_id: ['components', 'That component does not exist.'],
  manifest_id: ['manifests', 'That manifest does not exist.'],
  container_id: ['items', 'That container does not exist.'],
} as const;

export type ReferenceField = keyof typeof REFERENCES;

/**
 * Every reference given (an item's client, a manifest's client, a member's client...)
 * must name an existing row; the first that does not is a 400 saying which. Null and
 * undefined are "none" and pass.
 */
export async function assertReferencesExist(
  db: Kysely<Database>,
  values: Partial<Record<ReferenceField, string | null | undefined>>,
): Promise<void> {
  for (const [field, [table, message]] of Object.entries(REFERENCES)) {
    const id = values[field as ReferenceField];
    if (id && !(await rowExists(db, table, id))) throw badRequest(message);
  }
}
