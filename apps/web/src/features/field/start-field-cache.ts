import type { QueryClient } from '@tanstack/react-query';
import { openDeviceStore } from '../../lib/device-store';
import { FieldCache } from './field-cache';

/** Opens the device's store for one user and puts what it kept back into the query client. */
export async function startFieldCache(queryClient: QueryClient, userId: number) {
  const db = await openDeviceStore();
  const cache = new FieldCache(db, queryClient, userId);
  await cache.restore();
  const stop = cache.start();
  return {
    cache,
    db,
    close() {
      stop();
      db.close();
    },
  };
}
