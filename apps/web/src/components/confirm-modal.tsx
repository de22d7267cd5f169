import type { modals as Modals } from '@mantine/modals';
import { lazy, Suspense, useEffect, useState } from 'react';

export type ConfirmModalProps = Parameters<typeof Modals.openConfirmModal>[0];

// Mantine's modals (ModalsProvider, Modal, ScrollArea, the scroll lock) load with the first confirmation, not with
// every first screen: modals.openConfirmModal() sends a window event that a mounted ModalsProvider shows.
const ModalsProvider = lazy(() => import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })));

let showHost: (() => void) | undefined;
let hostListens: () => void = () => undefined;
const listening = new Promise<void>((resolve) => {
  hostListens = resolve;
});

/** Opens a confirmation dialog (the app's ConfirmModalHost shows it). */
export function openConfirmModal(props: ConfirmModalProps): void {
  showHost?.();
  void Promise.all([import('@mantine/modals'), listening]).then(([{ modals }]) => modals.openConfirmModal(props));
}

/** Runs after ModalsProvider, its earlier sibling, has run its effects: from then on it hears the open events. */
function Listening() {
  useEffect(() => hostListens(), []);
  return null;
}

/** Where confirmations show; renders nothing until the first one. */
export function ConfirmModalHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    showHost = () => setNeeded(true);
    return () => {
      showHost = undefined;
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <Listening />
    </Suspense>
  );
}
