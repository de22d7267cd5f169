import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, lazy, type ReactElement, type Ref, Suspense, useEffect, useRef, useState } from 'react';

// Mantine's Tooltip needs floating-ui (with the tooltip's own code about 20 KiB gzip): it loads when the pointer first
// reaches the element, so a screen whose tooltips nobody points at does not download it.
const TooltipOnTarget = lazy(() => import('./tooltip-on-target'));

type DeferredTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'defaultOpened'> & {
  /** One element that takes a ref (a button, a link, a span). */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
};

/**
 * Mantine's Tooltip (shown on hover), loaded on the first hover. The element is rendered as it is and stays the same
 * element when the tooltip arrives (the tooltip attaches to it as its target), so nothing is mounted anew under the
 * pointer or the focus.
 */
export function DeferredTooltip({ children, ...tooltip }: DeferredTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  // Whether the pointer is still on the element when the tooltip has loaded: then it opens at once.
  const hovered = useRef(false);
  const ref = useMergedRef(setTarget, children.props.ref);

  useEffect(() => {
    if (!target) return;
    const enter = () => {
      hovered.current = true;
      setWanted(true);
    };
    const leave = () => {
      hovered.current = false;
    };
    target.addEventListener('mouseenter', enter);
    target.addEventListener('mouseleave', leave);
    return () => {
      target.removeEventListener('mouseenter', enter);
      target.removeEventListener('mouseleave', leave);
    };
  }, [target]);

  return (
    <>
      {cloneElement(children, { ref })}
      {wanted && target ? (
        <Suspense fallback={null}>
          <TooltipOnTarget {...tooltip} target={target} isHovered={() => hovered.current} />
        </Suspense>
      ) : null}
    </>
  );
}
