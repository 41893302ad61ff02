import type { z } from 'zod';
import { namedBody, namedSchema, namedUpdateBody } from './named.ts';

/** A client: only its name (named.ts). */
export const clientSchema = namedSchema;
export type Client = z.infer<typeof clientSchema>;
export const clientBody = namedBody;
export const clientUpdateBody = namedUpdateBody;
export type ClientInput = z.output<typeof clientBody>;
