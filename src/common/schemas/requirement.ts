import { z } from 'zod';
import { idSchema, versionField, versionSchema } from './common.ts';
import { componentCountFields } from './item-component.ts';
import { overrideFields, overrideNeedsNote } from './reservation.ts';

export const REQUIREMENT_COUNT_MAX = 1_000_000;

/** How many of one component type a manifest needs. */
export const requirementSchema = z.object({
  manifest_id: idSchema,
  ...componentCountFields,
  version: versionSchema,
});
export type Requirement = z.infer<typeof requirementSchema>;

const countSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Count is required' : 'Count must be a whole number',
  })
  .int('Count must be a whole number')
  .min(1, 'Count must be at least 1')
  .max(REQUIREMENT_COUNT_MAX, 'Count is too large');

/** On a reserved job, a requirement added or raised is checked: 409 overbooked unless overridden. */
export const createRequirementBody = z
  .strictObject({
    component_id: z
      .string({ error: 'Component type is required' })
      .min(1, 'Component type is required')
      .pipe(idSchema),
    count: countSchema.default(1),
    ...overrideFields,
  })
  .refine(overrideNeedsNote.check, overrideNeedsNote.message);
export type CreateRequirementInput = z.output<typeof createRequirementBody>;

export const updateRequirementBody = z
  .strictObject({ count: countSchema, ...overrideFields, ...versionField })
  .refine(overrideNeedsNote.check, overrideNeedsNote.message);

export const requirementParams = z.strictObject({
  manifestId: idSchema,
  componentId: idSchema,
});
