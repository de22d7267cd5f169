import { onlineManager } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DeviceDb } from '../../lib/device-store';
import type { FieldCache } from './field-cache';

/**
 * What the field provider (field-context.tsx) holds, and the hooks that read it: apart from the provider, so that the
 * outbox it renders and the feature's small components read it without importing the provider and what it imports.
 */
export interface FieldState {
  cache: FieldCache | null;
  /** The device's store, open while the user is signed in. */
  db: DeviceDb | null;
  /** The device's store has been read (or cannot be): what it kept is in the query client. */
  settled: boolean;
}

export const FieldContext = createContext<FieldState>({ cache: null, db: null, settled: false });

export function useDeviceDb(): DeviceDb | null {
  return useContext(FieldContext).db;
}

export function useFieldCache(): FieldCache | null {
  return useContext(FieldContext).cache;
}

/** Whether what the device kept has been put back (the offline screens wait for it before saying "not kept"). */
export function useFieldSettled(): boolean {
  return useContext(FieldContext).settled;
}

const noChanges = () => () => {};

/** The field cache, redrawing the caller on every change of what it keeps. */
export function useFieldChoices(): FieldCache | null {
  const cache = useFieldCache();
  useSyncExternalStore(cache?.subscribe ?? noChanges, () => cache?.revision ?? 0);
  return cache;
}

/** Whether the browser says it has a network (TanStack Query's online manager, which queries follow). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
