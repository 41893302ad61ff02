import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countReferences, namedRepo } from '../catalog/named.repo.ts';

export const locationsRepo = {
  ...namedRepo('locations'),

  /** Items kept at the location block its deletion. */
  async usage(db: Kysely<Database>, id: string) {
    return { items: await countReferences(db, 'items.location_id', id) };
  },
};
