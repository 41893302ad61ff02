import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countReferences, namedRepo } from '../catalog/named.repo.ts';

export const componentsRepo = {
  ...namedRepo('components'),

  /** Items of this type, manifests requiring it and items containing it block deletion. */
  async usage(db: Kysely<Database>, id: string) {
    return {
      items: await countReferences(db, 'items.component_id', id),
      requirements: await countReferences(db, 'requirements.component_id', id),
      itemComponents: await countReferences(db, 'item_components.component_id', id),
    };
  },
};
