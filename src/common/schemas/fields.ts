import { z } from 'zod';
import { normalizeLabelCode } from '../label-code.ts';
import { CONDITIONS, STAGES } from '../round-trip.ts';
import { STATUSES } from '../status.ts';

// The request and answer fields of the plain values in status.ts, label-code.ts and
// round-trip.ts. They live here so that those modules stay free of zod: the server's SQLite
// read threads and job threads import them, and loading zod cost each thread about 10 MB
// (docs/decisions.md, "Security: memory of the server"); web pages that need only the
// names leave zod out too.

/** A type as sent by a form: one of the statuses, or empty (stored as null). */
export const statusInput = /* @__PURE__ */ z
  .union([z.enum(STATUSES), z.literal(''), z.null()], { error: 'Unknown type' })
  .transform((v) => (v === '' ? null : v))
  .optional();

export const statusOutput = /* @__PURE__ */ z.enum(STATUSES).nullable();

/** Request field or path parameter holding a label code, normalised; malformed is a 400. */
export const labelCodeSchema = /* @__PURE__ */ z.string().transform((value, ctx) => {
  const code = normalizeLabelCode(value);
  if (!code) {
    ctx.addIssue({
      code: 'custom',
      message: 'Not a valid label code (12 letters and digits, like ABCD-EFGH-JKMN).',
    });
    return z.NEVER;
  }
  return code;
});

export const conditionSchema = z.enum(CONDITIONS, { error: 'Unknown condition' });
export const stageSchema = z.enum(STAGES);

/** A calendar date as the date input sends it (YYYY-MM-DD), and a real one. */
export const isoDateSchema = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'That date does not exist');
