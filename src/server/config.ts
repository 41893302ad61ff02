import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.email().default('admin@yardkeep.local'),
  ADMIN_PASSWORD: z
    .string()
    .min(8)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Yardkeep <yardkeep@localhost>'),
  PRODUCT_NAME: z.string().default('Yardkeep'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('./dist/web'),
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
});

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
  webDist: string;
  secureCookies: boolean;
  /** Behind a reverse proxy: which forwarded client addresses to believe. */
  trustProxy: TrustProxy;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach private and loopback addresses. */
  webhookAllowPrivate: boolean;
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
    webDist: path.resolve(e.WEB_DIST),
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
  };
}
