import { Popover, type PopoverProps } from '@mantine/core';
import { type ReactNode, type Ref, useLayoutEffect } from 'react';

/** Mantine's Popover placed at an element rendered elsewhere (DeferredPopover). */
export default function PopoverOnTarget({
  target,
  children,
  ...popover
}: Omit<PopoverProps, 'children'> & { target: HTMLElement; children: ReactNode }) {
  return (
    <Popover {...popover}>
      <Popover.Target>
        <Adopted element={target} />
      </Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}

/**
 * Gives Popover.Target's ref an element that already exists, so the popover places itself there and counts clicks on
 * it as inside. The props Popover.Target adds are not applied: the element's owner sets its own.
 */
function Adopted({ element, ref }: { element: HTMLElement; ref?: Ref<HTMLElement> }) {
  useLayoutEffect(() => {
    if (typeof ref === 'function') {
      const cleanup = ref(element);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    if (!ref) return;
    ref.current = element;
    return () => {
      ref.current = null;
    };
  }, [element, ref]);
  return null;
}
