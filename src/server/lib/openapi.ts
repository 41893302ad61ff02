import { z } from 'zod';
import type { Endpoint } from '../../common/api/contract.ts';
import { operationIds } from '../../common/api/index.ts';
import { conflictBodySchema, errorBodySchema } from '../../common/schemas/common.ts';
import { escapeHtml } from './html.ts';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(endpoint: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: property,
      });
    }
  }
  if (endpoint.idempotent) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A client-chosen key (1 to 200 printable characters). Repeating the request with the same key returns the first answer and changes nothing; the same key with a different request is a 422. Kept 7 days.',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    });
  }
  return list;
}

/**
 * How a caller proves who they are: the session cookie a browser gets at sign-in, or an
 * API token (docs/decisions.md, "Integrations: API tokens").
 */
const SECURITY_SCHEMES = {
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: 'yk_session',
    description: 'The session cookie set by `POST /api/login`.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token (`POST /api/tokens`) or a service token (`POST /api/service-tokens`), sent as `Authorization: Bearer yk_…`.',
  },
};

/**
 * Public routes need nothing; the token and password routes take the cookie only; the
 * rest take either.
 */
function securityOf(endpoint: Endpoint): JsonSchema[] {
  if (endpoint.access === 'public') return [];
  if (endpoint.sessionOnly) return [{ cookieAuth: [] }];
  return [{ cookieAuth: [] }, { bearerAuth: [] }];
}

/** The error answers shared by every operation, described once and referenced. */
const ERROR_RESPONSES = {
  BadRequest: 'The request was refused: `invalid_input` names the fields (nothing changed)',
  Unauthorized: 'Not signed in, or the API token is invalid, expired or revoked',
  Forbidden:
    'Signed in without the permission, a cross-site write, or an API token that may not do this',
  NotFound: 'No such record, or one the caller may not see',
  TooManyRequests: 'Too many requests; try again later',
};
type ErrorResponse = keyof typeof ERROR_RESPONSES;

/** The 4xx answers an endpoint can give, from what it declares. */
function errorResponsesOf(endpoint: Endpoint): Partial<Record<number, ErrorResponse>> {
  const errors: Partial<Record<number, ErrorResponse>> = {};
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.rawBody) {
    errors[400] = 'BadRequest';
  }
  if (endpoint.access !== 'public') errors[401] = 'Unauthorized';
  if (endpoint.access !== 'public' || endpoint.sessionOnly || endpoint.method !== 'GET') {
    errors[403] = 'Forbidden';
  }
  if (endpoint.params) errors[404] = 'NotFound';
  if (endpoint.access !== 'public' && !endpoint.sessionOnly) errors[429] = 'TooManyRequests';
  return errors;
}

/** `GET /inventory/items/:id` → `getInventoryItemsId`, for endpoints outside the registry. */
function derivedOperationId(endpoint: Endpoint): string {
  const words = endpoint.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [
    endpoint.method.toLowerCase(),
    ...words.map((w) => w[0]!.toUpperCase() + w.slice(1)),
  ].join('');
}

/** What each group of operations is about, for the reference and generated clients. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  activity: 'The activity feed: who changed what, newest first',
  auth: 'Signing in and out, email verification and password resets',
  clients: 'Clients, whose items and jobs client users see',
  components: 'Component types that items hold and jobs require',
  containers: 'Items inside other items (crates, racks)',
  images: 'Item photos and uploads',
  import: 'CSV import and export of items',
  'item components': 'The component counts an item holds',
  items: 'Inventory items: list, search, read, create, update, delete, allocate',
  labels: 'QR labels: attach, free, look up, scan',
  locations: 'Where items are kept',
  manifests: 'Jobs (manifests) and their required components',
  members: 'Members of the team and their passwords',
  printing: 'Label sheets and packing sheets as PDF',
  'round trip': 'Dispatching a job, returns, damage, missing items, closing',
  system: 'Health and public configuration',
  tokens: 'Personal access tokens and service tokens for integrations',
};

/** The OpenAPI document, generated from the same contracts the server and web app use. */
export function buildOpenApi(
  endpoints: Endpoint[],
  info: { title: string; version: string },
): JsonSchema {
  const ids = operationIds();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const sorted = [...endpoints].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  for (const endpoint of sorted) {
    const path = `/api${endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const operation: JsonSchema = {
      operationId: ids.get(endpoint) ?? derivedOperationId(endpoint),
      tags: [endpoint.tag],
      summary: endpoint.summary,
      'x-access': endpoint.access,
      security: securityOf(endpoint),
      parameters: parameters(endpoint),
      responses: {
        [String(endpoint.status ?? 200)]: {
          description: 'Success',
          content: endpoint.produces
            ? { [endpoint.produces]: { schema: { type: 'string', format: 'binary' } } }
            : { 'application/json': { schema: toSchema(endpoint.response, 'output') } },
        },
        ...(endpoint.conflict
          ? {
              409: {
                description:
                  'Conflict. When the version sent (body `version` or `If-Match`) is stale, `error.current` is the record as it is now',
                content: {
                  'application/json': {
                    schema: toSchema(conflictBodySchema(endpoint.conflict), 'output'),
                  },
                },
              },
            }
          : {}),
        ...Object.fromEntries(
          Object.entries(errorResponsesOf(endpoint)).map(([status, name]) => [
            status,
            { $ref: `#/components/responses/${name}` },
          ]),
        ),
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
      };
    } else if (endpoint.rawBody) {
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(
          endpoint.rawBody.contentTypes.map((type) => [
            type,
            { schema: { type: 'string', format: 'binary' } },
          ]),
        ),
      };
    }
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  // The error body (with its closed list of codes) is written once and referenced.
  const errorContent = {
    'application/json': { schema: { $ref: '#/components/schemas/Error' } },
  };
  const components = {
    schemas: { Error: toSchema(errorBodySchema, 'output') },
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([name, description]) => [
        name,
        { description, content: errorContent },
      ]),
    ),
    securitySchemes: SECURITY_SCHEMES,
  };
  const tags = [...new Set(sorted.map((e) => e.tag))]
    .sort()
    .map((name) =>
      TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name },
    );
  return { openapi: '3.0.3', info, servers: [{ url: '/' }], tags, paths, components };
}

/** A plain, readable API reference page that needs no third-party script. */
export function renderApiReference(doc: JsonSchema): string {
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const sections = Object.entries(paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const body = (op.requestBody as JsonSchema | undefined)?.content;
        const responses = op.responses as Record<string, JsonSchema>;
        const success = Object.entries(responses).find(([code]) => code !== 'default');
        return `<section id="${escapeHtml(`${method}-${path}`)}">
<h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(String(op.summary))} <small>access: <b>${escapeHtml(String(op['x-access']))}</b></small></p>
${(op.parameters as JsonSchema[]).length ? `<h3>Parameters</h3><pre>${escapeHtml(JSON.stringify(op.parameters, null, 2))}</pre>` : ''}
${body ? `<h3>Request body</h3><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : ''}
${success ? `<h3>Response ${success[0]}</h3><pre>${escapeHtml(JSON.stringify(Object.values(success[1].content as JsonSchema)[0], null, 2))}</pre>` : ''}
</section>`;
      }),
    )
    .join('\n');
  const info = doc.info as { title: string; version: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)} API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
section{border-top:1px solid #ddd;padding:.5rem 0}pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:.8rem}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.get{background:#2f7d32}.post{background:#1565c0}.put{background:#ef6c00}.delete{background:#c62828}</style></head>
<body><h1>${escapeHtml(info.title)} API reference</h1><p>Version ${escapeHtml(info.version)}. Machine-readable: <a href="/api/openapi.json">openapi.json</a>. Errors are <code>{"error": {"code", "message"}}</code>.</p>
${sections}</body></html>`;
}
