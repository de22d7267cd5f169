import type { PopoverProps } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

// Mantine's Popover needs floating-ui (with the popover's own code about 25 KiB gzip): it loads when first wanted.
const PopoverOnTarget = lazy(() => import('./popover-on-target'));

interface DeferredPopoverProps extends Omit<PopoverProps, 'children' | 'opened'> {
  /** The element the dropdown is placed at; it sets its own aria attributes (`popoverTargetProps`). */
  target: HTMLElement | null;
  opened: boolean;
  /** Load the popover's code: from the first moment it may open (a first click, a first focus). */
  load: boolean;
  /** The dropdown's content. */
  children: ReactNode;
}

/**
 * Mantine's Popover on an element rendered by the caller, loaded once `load` is set. The element stays the same
 * element when the popover arrives, so focus and typing carry on.
 */
export function DeferredPopover({ target, load, children, ...popover }: DeferredPopoverProps) {
  if (!load || !target) return null;
  return (
    <Suspense fallback={null}>
      <PopoverOnTarget {...popover} target={target}>
        {children}
      </PopoverOnTarget>
    </Suspense>
  );
}

/** The target's aria attributes as Popover.Target would set them, for a popover with this `id`. */
export function popoverTargetProps(id: string, opened: boolean) {
  return {
    id,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': opened,
    'aria-controls': opened ? `${id}-dropdown` : undefined,
  };
}
