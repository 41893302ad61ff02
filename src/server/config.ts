import path from 'node:path';
import { z } from 'zod';
import type { LogFormat } from './lib/log-format.ts';
import { parseStorageUrl, type S3Location } from './lib/storage-url.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'),
  ),
  PUBLIC_URL: optionalText(z.url()),
  ADMIN_EMAIL: z.email().default('admin@yardkeep.local'),
  ADMIN_PASSWORD: optionalText(z.string().min(8)),
  SMTP_URL: optionalText(z.string()),
  MAIL_FROM: z.string().default('Yardkeep <yardkeep@localhost>'),
  PRODUCT_NAME: z.string().default('Yardkeep'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: pretty on a terminal, JSON lines otherwise (lib/log-format.ts). */
  LOG_FORMAT: z
    .enum(['pretty', 'json', ''], { error: 'LOG_FORMAT must be pretty or json (or unset)' })
    .optional()
    .transform((value) => value || undefined),
  WEB_DIST: z.string().default('./dist/web'),
  /** Requests per minute one API token may make (docs/decisions.md, "Integrations"). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /**
   * Webhooks may reach private, loopback and link-local addresses (an on-premises chat
   * server, a test receiver). Off by default: a webhook URL must not become a way into
   * the server's own network.
   */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '']).default('false'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be false, true, a number of proxy hops, or comma-separated proxy addresses',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  OIDC_ISSUER: optionalText(z.url()),
  OIDC_CLIENT_ID: optionalText(z.string()),
  OIDC_CLIENT_SECRET: optionalText(z.string()),
  OIDC_NAME: z.string().default('single sign-on'),
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_AUTO_CREATE: optionalText(
    z
      .string()
      .regex(/^(staff|client:.+)$/, 'OIDC_AUTO_CREATE must be staff or client:<client name>'),
  ),
  OIDC_ROLE_CLAIM: optionalText(
    z
      .string()
      .regex(
        /^[^:\s]+:[^=,]+=(admin|staff)(,[^=,]+=(admin|staff))*$/,
        'OIDC_ROLE_CLAIM must look like groups:yard-admins=admin,yard-crew=staff',
      ),
  ),
  PASSWORD_LOGIN: z.enum(['on', 'admins', 'off']).default('on'),
  /** Where uploads live: unset for DATA_DIR/uploads, or s3://bucket/prefix?endpoint=… */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = parseStorageUrl(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  AWS_ACCESS_KEY_ID: optionalText(z.string()),
  AWS_SECRET_ACCESS_KEY: optionalText(z.string()),
  /** How many automatic backups taken before migrations are kept (the newest). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(5),
});

/** An optional setting: unset and empty both mean "not set". */
function optionalText<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/**
 * Whose `X-Forwarded-For` to believe: nobody's (false, the default: the socket's peer is
 * the client), every peer's (true), the last N hops, or the listed proxy addresses/CIDRs.
 */
export type TrustProxy = boolean | number | string[];

function parseTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((a) => a.trim());
  return addresses.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a) && /[.:]/.test(a))
    ? addresses
    : undefined;
}

/** Sign-in with an OpenID Connect provider (docs/decisions.md, "Single sign-on"). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the button says after "Sign in with". */
  name: string;
  scopes: string;
  /** Unknown verified emails become members only when this says as what. */
  autoCreate: { role: 'staff' } | { role: 'client'; clientName: string } | null;
  /** A claim whose values map to admin or staff, e.g. groups. */
  roleClaim: { claim: string; roles: Map<string, 'admin' | 'staff'> } | null;
}

/** Who may sign in with a password: everyone, admins only, or only the break-glass ADMIN_EMAIL. */
export type PasswordLogin = 'on' | 'admins' | 'off';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin printed into labels and emails; never taken from a request. */
  publicUrl: string;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  productName: string;
  logLevel: string;
  /** LOG_FORMAT; undefined chooses by whether the log goes to a terminal. */
  logFormat: LogFormat | undefined;
  webDist: string;
  secureCookies: boolean;
  /** Behind a reverse proxy: which forwarded client addresses to believe. */
  trustProxy: TrustProxy;
  /** Requests per minute per API token; past it, 429 until the minute ends. */
  apiTokenRequestsPerMinute: number;
  oidc: OidcConfig | null;
  passwordLogin: PasswordLogin;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach private and loopback addresses. */
  webhookAllowPrivate: boolean;
  /** STORAGE_URL: the bucket uploads live in; null for the uploads folder in DATA_DIR. */
  s3: (S3Location & { credentials: S3Credentials | undefined }) | null;
  /** BACKUP_KEEP: automatic pre-migration backups kept. */
  backupKeep: number;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    productName: e.PRODUCT_NAME,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDist: path.resolve(e.WEB_DIST),
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    apiTokenRequestsPerMinute: e.API_TOKEN_RATE_LIMIT,
    oidc: oidcConfig(e),
    passwordLogin: e.PASSWORD_LOGIN,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    s3: e.STORAGE_URL ? { ...e.STORAGE_URL, credentials: s3Credentials(e) } : null,
    backupKeep: e.BACKUP_KEEP,
  };
}

function s3Credentials(e: z.infer<typeof envSchema>): S3Credentials | undefined {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'Invalid configuration:\nAWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are needed together',
    );
  }
  return { accessKeyId, secretAccessKey };
}

function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) {
    if (e.PASSWORD_LOGIN !== 'on') {
      throw new Error(
        'Invalid configuration:\nPASSWORD_LOGIN: admins or off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
      );
    }
    return null;
  }
  if (!issuer || !clientId || !clientSecret) {
    throw new Error(
      'Invalid configuration:\nOIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed together',
    );
  }
  const auto = e.OIDC_AUTO_CREATE;
  const [claim, pairs] = e.OIDC_ROLE_CLAIM ? splitOnce(e.OIDC_ROLE_CLAIM, ':') : [null, ''];
  return {
    issuer,
    clientId,
    clientSecret,
    name: e.OIDC_NAME,
    scopes: e.OIDC_SCOPES,
    autoCreate: !auto
      ? null
      : auto === 'staff'
        ? { role: 'staff' }
        : { role: 'client', clientName: auto.slice('client:'.length) },
    roleClaim: claim
      ? {
          claim,
          roles: new Map(
            pairs.split(',').map((pair) => {
              const [value, role] = splitOnce(pair, '=');
              return [value.trim(), role as 'admin' | 'staff'];
            }),
          ),
        }
      : null,
  };
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}
