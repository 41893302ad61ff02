import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countReferences, namedRepo } from '../catalog/named.repo.ts';

export const clientsRepo = {
  ...namedRepo('clients'),

  /** Everything that points at a client; any of it blocks the client's deletion. */
  async usage(db: Kysely<Database>, id: string) {
    return {
      items: await countReferences(db, 'items.client_id', id),
      manifests: await countReferences(db, 'manifests.client_id', id),
      members: await countReferences(db, 'users.client_id', id),
    };
  },
};
