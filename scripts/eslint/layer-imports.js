import path from 'node:path';

/**
 * One-way imports between the web app's layers (docs/architecture.md): `lib/` is the app's
 * plumbing (the API client, the camera scanner, connectivity), used by components, features
 * and pages and never using them, so it can be tested and loaded on its own. The option
 * names the folders (relative to the repository) a file under `from` must not reach, by a
 * static import, an `export … from` or a dynamic `import()` (which `no-restricted-imports`
 * does not see).
 */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A lower layer of the web app does not import a higher one' },
    schema: [
      {
        type: 'object',
        properties: {
          from: { type: 'string' },
          forbidden: { type: 'array', items: { type: 'string' } },
        },
        required: ['from', 'forbidden'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { from, forbidden } = context.options[0];
    const root = context.cwd;
    const file = context.filename;
    const inside = (target, folder) => {
      const relative = path.relative(path.join(root, folder), target);
      return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    };
    if (!inside(file, from)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const folder = forbidden.find((f) => inside(target, f));
      if (!folder) return;
      context.report({
        node,
        message: `${from} must not import from ${folder} (${source}): move the shared code down into ${from}, or the importing code up`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, node.source.value),
    };
  },
};
