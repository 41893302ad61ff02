import type { NewActivity } from '../../db/schema.ts';
import { SEED_ANCHOR, iso, type Catalog } from './catalog.ts';
import type { ItemStory, StoredMember } from './items.ts';
import { createRandom } from './random.ts';

/**
 * The activity feed of the seeded studio: the catalog being set up, then items made,
 * edited, labelled and scanned, written as recordActivity would have written them at
 * the time (same columns, reference snapshots). Returned oldest first, so the feed's
 * sequence numbers follow time as they would have.
 */
export function generateActivity(
  seed: number,
  catalog: Catalog,
  stories: ItemStory[],
  staff: StoredMember[],
): NewActivity[] {
  const random = createRandom(seed, 'activity');
  const by = () => random.pick(staff);
  const entries: NewActivity[] = [];
  const add = (entry: Omit<NewActivity, 'user_id' | 'email'>, actor: StoredMember | null) =>
    entries.push({ ...entry, user_id: actor?.id ?? null, email: actor?.email ?? null });

  const catalogTypes = [
    ['CLIENT', catalog.clients],
    ['LOCATION', catalog.locations],
    ['COMPONENT', catalog.components],
    ['MANIFEST', catalog.manifests],
  ] as const;
  for (const [type, rows] of catalogTypes) {
    for (const row of rows) {
      add(
        {
          type,
          action: 'CREATE',
          source_id: row.id!,
          ref_name: row.name,
          ref_item_id: null,
          ref_id: row.id!,
          ref_src: null,
          created_at: row.created_at!,
        },
        by(),
      );
    }
  }

  for (const story of stories) {
    const item = { ref_name: story.name, ref_item_id: story.id, ref_id: story.id, ref_src: null };
    add(
      {
        type: 'ITEM',
        action: 'CREATE',
        source_id: story.id,
        ...item,
        created_at: story.created_at,
      },
      by(),
    );
    if (story.updated_at !== story.created_at) {
      add(
        {
          type: 'ITEM',
          action: 'UPDATE',
          source_id: story.id,
          ...item,
          created_at: story.updated_at,
        },
        by(),
      );
    }
    for (const code of story.labels) {
      const label = {
        source_id: code,
        ref_name: story.name,
        ref_item_id: story.id,
        ref_id: code,
        ref_src: null,
      };
      add({ type: 'LABEL', action: 'CREATE', ...label, created_at: story.created_at }, by());
      // A few scans each, some by visitors who are not signed in.
      const created = Date.parse(story.created_at);
      for (let i = random.int(0, 2); i > 0; i--) {
        const at = created + Math.floor((SEED_ANCHOR - created) * random.next());
        add(
          { type: 'LABEL', action: 'SCAN', ...label, created_at: iso(at) },
          random.chance(0.2) ? null : by(),
        );
      }
    }
  }

  return entries.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
}
