import { z } from 'zod';
import type { ItemAbilities, ManifestAbilities } from '../job-stages.ts';

// What the caller may do next, sent with each manifest and item (src/common/job-stages.ts).
// The web shows a control only when its ability is true; the server refuses the rest.

export const manifestAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  pack: z.boolean(),
  dispatch: z.boolean(),
  return: z.boolean(),
  close: z.boolean(),
  reserve: z.boolean(),
  unreserve: z.boolean(),
  reserve_items: z.boolean(),
}) satisfies z.ZodType<ManifestAbilities>;

export const itemAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  take_off: z.boolean(),
  return: z.boolean(),
}) satisfies z.ZodType<ItemAbilities>;
