import { ApiError } from '../../lib/api-client';
import type { DeviceDb, OutboxEntry, OutboxFailure } from '../../lib/device-store';
import { EntryConflict } from './entry-conflict';
import { completeEntry, listOutbox, markConflict, markFailed } from './outbox';

/**
 * Sends one entry with its id as the Idempotency-Key; answers the server's answer or throws its ApiError, or an
 * EntryConflict when what it changes was changed on the server meanwhile.
 */
export type SendEntry = (entry: OutboxEntry) => Promise<unknown>;

export interface SyncResult {
  sent: OutboxEntry[];
  failed: OutboxEntry[];
  /** Kept with the server's version until the user chooses (not sent). */
  conflicts: OutboxEntry[];
  /** Why the run stopped before the end: no network, the session ended, the server busy. */
  stopped?: 'offline' | 'signedOut' | 'later';
}

/** A refusal the same request will meet again: kept with its reason until the user decides. */
function lastingRefusal(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status);
}

function failureOf(error: ApiError): OutboxFailure {
  return {
    status: error.status,
    code: error.code,
    ...(error.key ? { key: error.key } : {}),
    ...(error.fieldKeys ? { fieldKeys: error.fieldKeys } : {}),
  };
}

/**
 * Sends the user's waiting entries in the order they were made. A success removes the entry (a resend of one whose
 * answer was lost answers the first result: the key makes it once). A lasting refusal (404: the rope is gone or no
 * longer visible; 403: a right withdrawn; 422: archived meanwhile; 400: a field the server refuses) marks it failed
 * with the reason and goes on with the next; so does a conflict, kept with the server's version. No network, an ended session (401: the entries wait for the same
 * person's next sign-in), a key still running (409) or a failing server stop the run: the next one goes on. Photos
 * wait while their event's entry is on the device; once it is sent they have its id and go in the same run.
 */
export async function syncOutbox(db: DeviceDb, userId: number, send: SendEntry): Promise<SyncResult> {
  const result: SyncResult = { sent: [], failed: [], conflicts: [] };
  const listed = await listOutbox(db, userId);
  // Photos handed their event's id during the run are sent as they are now.
  const current = new Map(listed.map((entry) => [entry.id, entry]));
  for (const { id } of listed) {
    const entry = current.get(id)!;
    if (entry.state !== 'waiting' || entry.afterEntryId) continue;
    try {
      const answer = await send(entry);
      for (const handed of await completeEntry(db, entry, answer)) current.set(handed.id, handed);
      result.sent.push(entry);
    } catch (error) {
      if (error instanceof EntryConflict) {
        await markConflict(db, entry, error.server);
        result.conflicts.push(entry);
        continue;
      }
      if (!(error instanceof ApiError)) throw error;
      if (lastingRefusal(error)) {
        await markFailed(db, entry, failureOf(error));
        result.failed.push(entry);
        continue;
      }
      result.stopped = error.code === 'NETWORK' ? 'offline' : error.status === 401 ? 'signedOut' : 'later';
      return result;
    }
  }
  return result;
}
