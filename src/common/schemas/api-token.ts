import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema } from './common.ts';

/**
 * API tokens (docs/decisions.md, "Integrations: API tokens"). `read` tokens may only read
 * (GET); `read-write` tokens may do what their role allows, never more.
 */
export const TOKEN_SCOPES = ['read', 'read-write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The roles a service token can play: never admin, so no token manages members or tokens. */
export const SERVICE_TOKEN_ROLES = ['staff', 'client'] as const;
export type ServiceTokenRole = (typeof SERVICE_TOKEN_ROLES)[number];

/** A personal token lives 90 days unless its member says otherwise. */
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 3650;

/** Every token starts with this, so secret scanners and log redaction recognise one. */
export const TOKEN_PREFIX = 'yk_';

const scopeSchema = z.enum(TOKEN_SCOPES, { error: 'Scope must be read or read-write' });
const expiresInDays = z
  .number({ error: 'Expiry must be a number of days' })
  .int('Expiry must be a whole number of days')
  .min(1, 'Expiry must be at least 1 day')
  .max(MAX_TOKEN_DAYS, `Expiry must be at most ${MAX_TOKEN_DAYS} days`)
  .nullable()
  .optional()
  .describe(
    `Days until the token stops working; ${DEFAULT_TOKEN_DAYS} when left out for personal tokens. null: never (personal tokens: admins only).`,
  );

export const createTokenBody = z.strictObject({
  name: nameSchema('Name', 100),
  scope: scopeSchema,
  expires_in_days: expiresInDays,
});

export const createServiceTokenBody = z.strictObject({
  name: nameSchema('Name', 100),
  role: z.enum(SERVICE_TOKEN_ROLES, { error: 'Role must be staff or client' }),
  client_id: idSchema
    .optional()
    .describe('The client whose things a client-role token sees; required for role client.'),
  scope: scopeSchema,
  expires_in_days: expiresInDays,
});

/** A token as its lists show it: never the secret, which only its creation answer holds. */
export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.enum(['personal', 'service']),
  scope: scopeSchema,
  /** Service tokens: the role they play. Personal tokens play their member's role. */
  role: z.enum(SERVICE_TOKEN_ROLES).nullable(),
  client_id: idSchema.nullable(),
  client_name: z.string().nullable(),
  created_at: timestampSchema,
  expires_at: timestampSchema.nullable(),
  last_used_at: timestampSchema.nullable(),
  last_used_address: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createdTokenSchema = apiTokenSchema.extend({
  token: z.string().describe('The secret, shown this once: send it as `Authorization: Bearer …`'),
});
export type CreatedToken = z.infer<typeof createdTokenSchema>;
