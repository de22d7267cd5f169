import type { LoginAnswer } from '@rope/domain/auth/session';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { DeviceDb } from '../../lib/device-store';
import { type KeptPhotoLookup, KeptPhotosContext } from '../../lib/kept-photos';
import { useLanguageHeader } from '../../lib/language-header';
import { whenPageSettled } from '../../lib/page-settled';
import { keepSession } from '../../lib/session/kept-session';
import type { FieldCache } from './field-cache';
import { FieldContext } from './field-state';
import { OutboxProvider } from './outbox-provider';
import { reportFailure } from './report-failure';

const FIELD_REFRESH_EVERY_MS = 15 * 60_000;

/**
 * The signed-in user's field cache (field-cache.ts), opened after the screen is drawn: its code and IndexedDB are
 * not part of the first download. Null until then, and on a device that cannot store.
 */
export function FieldProvider({ session, children }: { session: LoginAnswer; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [cache, setCache] = useState<FieldCache | null>(null);
  const [db, setDb] = useState<DeviceDb | null>(null);
  const [settled, setSettled] = useState(false);
  const userId = session.user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    let closed = false;
    let started = false;
    let close = () => {};
    const start = () => {
      if (closed || started) return;
      started = true;
      void import('./start-field-cache')
        .then(({ startFieldCache }) => startFieldCache(queryClient, userId))
        .then((started) => {
          if (closed) return started.close();
          close = started.close;
          setCache(started.cache);
          setDb(started.db);
          if (onlineManager.isOnline()) {
            void import('./warm-field-code').then(({ warmFieldCode }) => warmFieldCode()).catch(reportFailure);
          }
        })
        .catch(reportFailure)
        .finally(() => {
          if (!closed) setSettled(true);
        });
    };
    // Without a signal the screens need what the device kept at once; with one, the field cache waits until the
    // screen is drawn, so its code and its refresh never compete with the screen's first download.
    // A signal lost before the screen settled starts it at once: the inspector may record the next moment.
    const stopOffline = onlineManager.subscribe((online) => online || start());
    if (onlineManager.isOnline()) whenPageSettled(start);
    else start();
    return () => {
      closed = true;
      stopOffline();
      close();
      setCache(null);
      setDb(null);
      setSettled(false);
    };
  }, [queryClient, userId]);

  // Whenever there is a network: on start, on the signal's return, when a choice changes, and every quarter hour.
  const language = useLanguageHeader();
  useEffect(() => {
    if (!cache) return;
    let running = false;
    const refresh = () => {
      if (running || !onlineManager.isOnline()) return;
      running = true;
      void import('./refresh-field')
        .then(({ refreshFieldRopes }) => refreshFieldRopes(queryClient, cache, language))
        .catch(reportFailure)
        .finally(() => {
          running = false;
        });
    };
    refresh();
    const timer = window.setInterval(refresh, FIELD_REFRESH_EVERY_MS);
    const stopOnline = onlineManager.subscribe((online) => online && refresh());
    const stopChoices = cache.subscribeChoices(refresh);
    return () => {
      window.clearInterval(timer);
      stopOnline();
      stopChoices();
    };
  }, [cache, queryClient, language]);

  // The device opens as this person next time it has no signal (lib/session/kept-session.ts).
  useEffect(() => {
    let closed = false;
    whenPageSettled(() => {
      if (!closed && onlineManager.isOnline()) void keepSession(session).catch(reportFailure);
    });
    return () => {
      closed = true;
    };
  }, [session]);

  const state = useMemo(() => ({ cache, db, settled }), [cache, db, settled]);
  const keptPhoto = useMemo<KeptPhotoLookup>(
    () => async (documentId) => (cache ? cache.photo(documentId).catch(() => undefined) : undefined),
    [cache],
  );
  return (
    <FieldContext.Provider value={state}>
      <KeptPhotosContext.Provider value={keptPhoto}>
        {userId === undefined ? children : <OutboxProvider userId={userId}>{children}</OutboxProvider>}
      </KeptPhotosContext.Provider>
    </FieldContext.Provider>
  );
}
