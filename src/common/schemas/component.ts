import type { z } from 'zod';
import { namedBody, namedSchema, namedUpdateBody } from './named.ts';

/**
 * A component type, what an item can be and what manifests require counts of: only its
 * name (named.ts).
 */
export const componentSchema = namedSchema;
export type Component = z.infer<typeof componentSchema>;
export const componentBody = namedBody;
export const componentUpdateBody = namedUpdateBody;
export type ComponentInput = z.output<typeof componentBody>;
