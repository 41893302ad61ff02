import { z } from 'zod';
import { idSchema, versionField, versionSchema } from './common.ts';

/**
 * A count of one component type, with the type's name: what an item holds, what a
 * manifest's items provide, what a manifest needs (requirement.ts).
 */
export const componentCountFields = {
  component_id: idSchema,
  component_name: z.string(),
  count: z.number().int(),
};

/** Item components: what an item contains, per component type. */
export const itemComponentSchema = z.object({
  item_id: idSchema,
  ...componentCountFields,
  version: versionSchema,
});
export type ItemComponent = z.infer<typeof itemComponentSchema>;

/** What a manifest's allocated items provide of one component type. */
export const manifestComponentSchema = z.object(componentCountFields);
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
