import { runnerImport, type Plugin } from 'vite';

/** Endpoint contracts and entity schemas (src/common/api, src/common/schemas). */
const CONTRACT_MODULE = /[\\/]src[\\/]common[\\/](api|schemas)[\\/](?!contract\.ts$)[\w-]+\.ts$/;

/**
 * Forms validate with the body schemas themselves (docs/decisions.md, "Forms from the
 * contract"): a form module (`*.form.tsx`, or one in components/forms) gets the schema
 * modules whole, as a second copy marked with this query, which its own imports keep.
 * Forms load when one opens, so zod reaches the browser then and never with a page.
 */
const WITH_SCHEMAS = '?with-schemas';
const COMMON_MODULE = /[\\/]src[\\/]common[\\/][\w/-]+\.ts$/;
const FORM_MODULE = /(\.form\.tsx?|[\\/]components[\\/]forms[\\/][\w-]+\.tsx?)$/;

/**
 * In the web build, each endpoint contract and schema module is replaced by its data
 * without the zod schemas: the browser's callApi() reads only an endpoint's method and
 * path (the server validates), and pages import only constants from the schema files, so
 * shipping zod and every schema to a phone opening a label is ~25 KB gzip of dead weight
 * (docs/decisions.md, "Fast on a phone"). The contracts stay written once: the module is
 * evaluated at build time and its exports serialized, and TypeScript still types
 * callApi() from the real file. A schema export disappears from the web build (importing
 * one there fails the build: validate on the server). A module with exports that are not
 * plain data (a function, a class) is bundled unchanged.
 */
export function webContracts(): Plugin {
  return {
    name: 'yardkeep-web-contracts',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer every relative import first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(importer.endsWith(WITH_SCHEMAS) || FORM_MODULE.test(importer))) {
        return null;
      }
      const resolved = await this.resolve(source, importer.replace(WITH_SCHEMAS, ''), {
        ...options,
        skipSelf: true,
      });
      // Every module of src/common a form reaches gets its copy: a shared one would keep its
      // zod schemas alive (status.ts's) for the pages that import it for a constant.
      if (!resolved || !COMMON_MODULE.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${WITH_SCHEMAS}` };
    },
    async load(id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const { module } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'silent',
      });
      const lines: string[] = [];
      for (const [name, value] of Object.entries(module)) {
        const data = withoutSchemas(value);
        if (data === NOT_DATA) return null;
        lines.push(`export const ${name} = ${JSON.stringify(data)};`);
      }
      return lines.join('\n');
    },
  };
}

const NOT_DATA = Symbol('not plain data');
/** Documentation for openapi.json, not needed to make a call. */
const DOC_KEYS = new Set(['summary', 'tag']);
const SKIP = Symbol('a zod schema');

function withoutSchemas(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  if (value === undefined) return SKIP;
  if (typeof value !== 'object') return NOT_DATA;
  if ('_zod' in value) return SKIP;
  if (Array.isArray(value)) {
    const items = value.map(withoutSchemas);
    return items.some((v) => v === NOT_DATA || v === SKIP) ? NOT_DATA : items;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_DATA;
  const out: Record<string, unknown> = {};
  const endpoint = 'method' in value && 'path' in value;
  for (const [key, v] of Object.entries(value)) {
    if (endpoint && DOC_KEYS.has(key)) continue;
    const data = withoutSchemas(v);
    if (data === NOT_DATA) return NOT_DATA;
    if (data !== SKIP) out[key] = data;
  }
  return out;
}
