import type { SessionUser } from './find-session-user.ts';

/**
 * How long a process keeps what it read of a session. A page opens with a burst of calls (the rope page makes
 * nine), each naming the same session: one read serves the burst. Whatever changes people, sessions or mandator
 * links forgets every entry at once (forgetAll, told to every process over the live bus); this bounds what any
 * other writer, a script say, can leave stale.
 */
export const SESSION_CACHE_MS = 2_000;
/** Enough for every person of a busy site; the oldest entry goes first beyond it. */
const MOST_ENTRIES = 10_000;

export interface SessionCache {
  get(idHash: string, now: number): SessionUser | undefined;
  set(idHash: string, found: SessionUser, now: number): void;
  /** The read of this session under way in this process, if one is: calls arriving meanwhile wait for it. */
  reading(idHash: string): Promise<SessionUser | undefined> | undefined;
  /** Shares `read` with the calls that ask for the same session until it has answered. */
  share(idHash: string, read: Promise<SessionUser | undefined>): void;
  /** Forgets the entry and any read under way, so that no later call is answered from before the change. */
  forget(idHash: string): void;
  forgetAll(): void;
}

export function createSessionCache(): SessionCache {
  const entries = new Map<string, { found: SessionUser; until: number }>();
  // A page's burst of calls arrives before the first read has answered, and on a busy server many bursts queue at
  // once: each call read the session itself, most of them when the machine could least afford it.
  const reads = new Map<string, Promise<SessionUser | undefined>>();
  return {
    get(idHash, now) {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(idHash);
        return undefined;
      }
      return entry.found;
    },
    set(idHash, found, now) {
      entries.delete(idHash);
      if (entries.size >= MOST_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(idHash, { found, until: now + SESSION_CACHE_MS });
    },
    reading(idHash) {
      return reads.get(idHash);
    },
    share(idHash, read) {
      reads.set(idHash, read);
      const done = () => {
        if (reads.get(idHash) === read) reads.delete(idHash);
      };
      read.then(done, done);
    },
    forget(idHash) {
      entries.delete(idHash);
      reads.delete(idHash);
    },
    forgetAll() {
      entries.clear();
      reads.clear();
    },
  };
}
