import type { Plugin } from 'vite';

const SCROLL_AREA = /\/@mantine\/core\/esm\/components\/ScrollArea\//;
const APP_SHELL_PART = /\/@mantine\/core\/esm\/components\/AppShell\/AppShell(Header|Footer|Aside)\//;
const SCROLL_LOCK_CLASS_NAMES = '\0rope:scroll-lock-class-names';

/**
 * Two Mantine components take one small thing from a large module. Rollup puts a module in one chunk with all of it
 * that any chunk uses, so each brought much more into the first download than it uses:
 * - ScrollArea takes `useMergeRefs` from @floating-ui/react: floating-ui as popovers, tooltips and menus use it
 *   (about 16 KiB gzip). It gets the same hook through @mantine/hooks (`mergeRefsShim`, src/lib/merge-refs.ts).
 * - AppShell's header, footer and aside take `RemoveScroll.classNames` from react-remove-scroll: its scroll lock
 *   (about 4 KiB gzip), which only modals use. They get the same two class names from react-remove-scroll-bar's
 *   constants, where react-remove-scroll takes them from.
 */
export function mantineImports(mergeRefsShim: string): Plugin {
  let constants: string | undefined;
  return {
    name: 'rope:mantine-imports',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      const from = importer?.replaceAll('\\', '/') ?? '';
      if (source === '@floating-ui/react' && SCROLL_AREA.test(from)) return mergeRefsShim;
      if (source === 'react-remove-scroll' && APP_SHELL_PART.test(from)) {
        const scrollLock = await this.resolve(source, importer, { skipSelf: true });
        const resolved = scrollLock && (await this.resolve('react-remove-scroll-bar/constants', scrollLock.id));
        if (!resolved) this.error('react-remove-scroll-bar/constants not found beside react-remove-scroll');
        constants = resolved.id;
        return SCROLL_LOCK_CLASS_NAMES;
      }
      return null;
    },
    load(id) {
      if (id !== SCROLL_LOCK_CLASS_NAMES || !constants) return null;
      return [
        `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(constants)};`,
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
      ].join('\n');
    },
  };
}
