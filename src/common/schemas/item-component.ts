import { z } from 'zod';
import { idSchema, versionField, versionSchema } from './common.ts';

/** Item components: what an item contains, per component type. */
export const itemComponentSchema = z.object({
  item_id: idSchema,
  component_id: idSchema,
  component_name: z.string(),
  count: z.number().int(),
  version: versionSchema,
});
export type ItemComponent = z.infer<typeof itemComponentSchema>;

/** What a manifest's allocated items provide of one component type. */
export const manifestComponentSchema = z.object({
  component_id: idSchema,
  component_name: z.string(),
  count: z.number().int(),
});
export type ManifestComponent = z.infer<typeof manifestComponentSchema>;

export const COMPONENT_COUNT_MAX = 1_000_000;

/** Count is required on forms, a whole number of at least 1. */
const countSchema = z
  .number({ error: 'Count must be a number' })
  .int('Count must be a whole number')
  .min(1, 'Count must be at least 1')
  .max(COMPONENT_COUNT_MAX, 'Count is too large');

export const addItemComponentBody = z.strictObject({
  component_id: z.string({ error: 'Component type is required' }).pipe(idSchema),
  count: countSchema.default(1),
});

export const updateItemComponentBody = z.strictObject({ count: countSchema, ...versionField });

export const itemComponentParams = z.strictObject({ itemId: idSchema, componentId: idSchema });
