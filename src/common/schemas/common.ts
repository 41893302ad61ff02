import { z } from 'zod';

/** Ids of members, items, clients, ... are short random strings chosen by the server. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');

export const idParams = z.strictObject({ id: idSchema });

export const timestampSchema = z.string().describe('ISO 8601 timestamp');

/** Free text typed by a person: trimmed, bounded, never null on the way in. */
export const nameSchema = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const pageParams = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000),
});
