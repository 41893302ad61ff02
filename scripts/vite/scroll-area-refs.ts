import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;
const COPY = '?for-scroll-area';

/**
 * Mantine's ScrollArea (inside every Table and Modal) imports one small hook,
 * useMergeRefs, from @floating-ui/react, the positioning library of popovers and menus.
 * A module lives in one chunk, so that chunk carries all of the library that any page
 * uses, and the item page's details table would download ~15 KB gzip of popover code it
 * never runs. ScrollArea gets its own copy of the module instead, which the bundler trims
 * to that hook (docs/decisions.md, "Fast on a phone"). Nothing changes in behaviour:
 * the hook holds no module state, and it is the same code.
 */
export function scrollAreaRefs(): Plugin {
  return {
    name: 'yardkeep-scroll-area-refs',
    apply: 'build',
    // Before Vite's own resolver, which would answer with the shared module.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@floating-ui/react' || !importer || !SCROLL_AREA.test(importer)) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}${COPY}` : null;
    },
  };
}
