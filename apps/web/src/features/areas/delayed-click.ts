import { useEffect, useMemo, useRef } from 'react';

export interface DelayedClick<T> {
  /** A click: opens after the delay unless a double click cancels it. */
  click: (item: T) => void;
  /** A double click (or anything else) cancels the pending open. */
  cancel: () => void;
}

/** Single click opens after `delayMs`; a double click in between cancels it (300 ms for areas, 400 ms for others). */
export function createDelayedClick<T>(delayMs: number, open: (item: T) => void): DelayedClick<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    click: (item) => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        open(item);
      }, delayMs);
    },
    cancel,
  };
}

/** createDelayedClick for a component; a pending open is dropped when the component goes away. */
export function useDelayedClick<T>(delayMs: number, open: (item: T) => void): DelayedClick<T> {
  const openRef = useRef(open);
  openRef.current = open;
  const delayed = useMemo(() => createDelayedClick<T>(delayMs, (item) => openRef.current(item)), [delayMs]);
  useEffect(() => delayed.cancel, [delayed]);
  return delayed;
}
