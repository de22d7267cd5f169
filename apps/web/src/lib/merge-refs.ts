import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/** @floating-ui/react's `useMergeRefs` as Mantine's ScrollArea calls it (build-plugins/mantine-imports.ts). */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...refs);
}
