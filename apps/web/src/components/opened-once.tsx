import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a dialog made with React.lazy only once it has been opened, so a screen's first download carries only what
 * it shows; from then on it stays mounted, so closing and reopening keep their transitions.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
