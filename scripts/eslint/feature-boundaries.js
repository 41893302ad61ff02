import path from 'node:path';

/**
 * Features import each other only through their public files (docs/decisions.md, "Web
 * code: one way to do each thing"): the files at the top of a feature's folder (its
 * api.ts, hooks and the components it offers). What sits in its subfolders (components/,
 * …) and its tests are the feature's own business, free to change without breaking
 * another feature.
 */
const FEATURES = `${path.sep}src${path.sep}web${path.sep}features${path.sep}`;

function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return null;
  const [name, ...rest] = file.slice(at + FEATURES.length).split(path.sep);
  return { name, inside: rest.join('/') };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other only through their public files' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = featureOf(file);
    if (!here) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source));
      if (!target || target.name === here.name) return;
      if (!target.inside.includes('/') && !/\.test\.tsx?$/.test(target.inside)) return;
      context.report({
        node,
        message: `features/${here.name} may use features/${target.name} only through its top-level files, not ${target.inside}`,
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
