import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { allEndpoints } from '../common/api/index.ts';
import type { Endpoint } from '../common/api/contract.ts';
import type { Config } from './config.ts';
import { openDatabase, type DbHandle } from './db/connection.ts';
import { openReads } from './db/reads.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { requestLogSerializers } from './lib/request-log.ts';
import { chooseLogFormat, prettyDestination } from './lib/log-format.ts';
import { sendWebApp } from './lib/web-app.ts';
import type { FileStorage } from './lib/storage.ts';
import { openStorage } from './lib/open-storage.ts';
import { buildOpenApi, renderApiReference } from './lib/openapi.ts';
import { AppError, sendError } from './errors.ts';
import { requireContractRoutes } from './http/route.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerGracefulShutdown } from './plugins/graceful-shutdown.ts';
import { registerSessions } from './plugins/session.ts';
import { registerApiModules } from './modules/index.ts';
import { schedulePurge } from './modules/auth/purge.ts';
import { scheduleDigest } from './modules/inspections/digest.ts';
import { scheduleWebhookDelivery, type WebhookSettings } from './modules/webhooks/delivery.ts';
import { registerScanRedirect } from './modules/labels/scan-redirect.ts';
import { registerSsoRoutes } from './modules/sso/sso.routes.ts';
import { registerItemPage } from './modules/items/item-page.ts';
import { registerUploadsServing } from './modules/uploads/uploads.routes.ts';

export interface BuildOptions {
  /** An open database; by default one is opened from the config. */
  database?: DbHandle;
  mailer?: Mailer;
  storage?: FileStorage;
  /** Tests shorten the slow-client limits; production uses SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
  /** Where the log goes (stdout by default). */
  logStream?: NodeJS.WritableStream;
  /** Tests only: slow reads wait while gate[0] is 0 (db/read-pool.ts). */
  readGate?: Int32Array;
  /** Tests only: how long the session cache's lost listener waits before listening again. */
  sessionListenerRetryMs?: number;
  /**
   * Tests only: a retry schedule of milliseconds rather than a day, short timeouts, or no
   * delivery at all (modules/webhooks/delivery.ts says why).
   */
  webhooks?: Partial<WebhookSettings>;
}

export const JSON_BODY_LIMIT = 64 * 1024;

export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** A connection with no traffic either way is closed after this. */
  idleMs: number;
  /** How often Node looks for requests past their limits. */
  checkEveryMs: number;
}

/**
 * Slow clients cannot hold connections open forever (docs/decisions.md, Security): two
 * minutes for a whole request is a 20 MiB photo at ~1.4 Mbit/s.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 120_000,
  headersMs: 20_000,
  idleMs: 60_000,
  checkEveryMs: 5_000,
};
export const API_VERSION = '1.0.0';

/** The log's level and format (LOG_FORMAT), to stdout unless a stream is given. */
function loggerOptions(config: Config, logStream: NodeJS.WritableStream | undefined) {
  const output: NodeJS.WritableStream & { isTTY?: boolean } = logStream ?? process.stdout;
  const format = chooseLogFormat(config.logFormat, output);
  const stream = format === 'pretty' ? prettyDestination(output) : logStream;
  return {
    level: config.logLevel,
    serializers: requestLogSerializers,
    ...(stream ? { stream } : {}),
  };
}

/** The whole server, unstarted: main.ts listens with it, every test injects into it. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    logger: config.logLevel === 'silent' ? false : loggerOptions(config, options.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    // req.ip is the forwarded client only when TRUST_PROXY says so (docs/decisions.md).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // plugins/graceful-shutdown.ts answers requests that come in while closing, in our shape.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors the framework raises before a route runs (a malformed or over-long URL) get
    // the same {error: {code, message}} shape as ours.
    frameworkErrors: (error, _req, reply) => {
      const status = error.statusCode ?? 400;
      void sendError(
        reply as FastifyReply,
        status === 414
          ? new AppError(414, 'too_long', 'The address is too long.')
          : new AppError(status, 'bad_request', 'The request is malformed.'),
      );
    },
  });
  const database = options.database ?? openDatabase(config);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('reads', openReads(database, options.readGate));
  app.decorate(
    'mailer',
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log),
  );
  app.decorate('storage', options.storage ?? openStorage(config));
  app.decorate('registeredEndpoints', new Set<Endpoint>());
  app.decorate('periodicWork', new Map());
  // Before any route exists: every later /api route must come through route().
  requireContractRoutes(app, API_REFERENCE_URLS);
  app.addHook('onClose', async () => {
    await app.reads.close();
    app.mailer.close();
    await app.db.destroy();
  });

  await app.register(cookie);
  registerErrorHandler(app);
  registerSecurity(app);
  registerGracefulShutdown(app);
  registerSessions(app, database, { listenerRetryMs: options.sessionListenerRetryMs });
  schedulePurge(app);
  scheduleDigest(app);
  scheduleWebhookDelivery(app, options.webhooks);

  await app.register(async (api) => registerApiModules(api), { prefix: '/api' });
  registerApiReference(app);
  registerUploadsServing(app);
  await registerWebApp(app, config.webDist);
  registerScanRedirect(app);
  registerSsoRoutes(app);
  registerItemPage(app);
  return app;
}

/**
 * The only /api routes not made by route(): public descriptions of the contract itself,
 * with no input and nothing behind them to protect.
 */
const API_REFERENCE_URLS = ['/api/openapi.json', '/api/docs'] as const;

function registerApiReference(app: FastifyInstance): void {
  const [openApiUrl, docsUrl] = API_REFERENCE_URLS;
  const doc = () =>
    buildOpenApi(allEndpoints(), { title: `${app.config.productName} API`, version: API_VERSION });
  app.get(openApiUrl, async () => doc());
  app.get(docsUrl, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReference(doc())),
  );
}

/**
 * What a build leaves on disk for us, never for browsers (docs/decisions.md, Security):
 * source maps would publish the whole source, and dot files and folders, Vite's
 * `.vite/manifest.json` above all, list the source files (item-page.ts reads it from disk).
 * Checked on the decoded path, so `%2Evite` is the same folder; an undecodable one is refused.
 */
function isBuildInternal(url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/, 1)[0]!);
  } catch {
    return true;
  }
  return /\.map$/i.test(pathname) || /(?:^|[/\\])\./.test(pathname);
}

/** The built React app, with history fallback so deep links such as /items/AB12 load it. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      // Our setHeaders decides caching; the plugin's own max-age=0 would override it.
      cacheControl: false,
      // dist/web holds .br and .gz copies made at build time (scripts/web-build.mjs).
      preCompressed: true,
      // A build makes no source maps, and one left on disk by an older build is not served
      // either; nor is Vite's manifest or any other dot file.
      allowedPath: (pathName) => !isBuildInternal(pathName),
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names: safe to cache for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return sendError(reply, new AppError(404, 'not_found', 'No such API endpoint.'));
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isBuildInternal(req.url)) {
      return sendError(reply, new AppError(404, 'not_found', 'Not found.'));
    }
    return sendWebApp(reply);
  });
}
