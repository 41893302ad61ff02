import type { z } from 'zod';
import { namedBody, namedSchema, namedUpdateBody } from './named.ts';

/** A location: only its name (named.ts). */
export const locationSchema = namedSchema;
export type Location = z.infer<typeof locationSchema>;
export const locationBody = namedBody;
export const locationUpdateBody = namedUpdateBody;
export type LocationInput = z.output<typeof locationBody>;
