/**
 * Answers kept as sent, per key, each with the ETag that names what it was made of: a call whose ETag is the kept
 * one's sends the kept bytes (compressed once per encoding, plugins/compression.ts), any other makes the answer
 * again. For answers that cost far more to make than to name, read far more often than their data changes, and the
 * same for every caller allowed to read them (the damage chart of a rope with 50,000 events: 3 MiB made in tens of
 * milliseconds). Bounded by bytes; the least recently used goes first.
 */
export function createKeptAnswers(mostBytes = MOST_BYTES) {
  const entries = new Map<string, { etag: string; body: Buffer }>();
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  return {
    /** The kept answer of `key` when it was made with `etag`. */
    get(key: string, etag: string): Buffer | undefined {
      const entry = entries.get(key);
      if (!entry || entry.etag !== etag) return undefined;
      // The most recently used goes last: the first in the map is the one to drop.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key: string, etag: string, body: Buffer) {
      forget(key);
      if (body.length > mostBytes) return;
      entries.set(key, { etag, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= mostBytes) break;
        forget(oldest);
      }
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;

/** About a hundred of the largest ropes' charts, uncompressed; their compressed copies add about a half. */
const MOST_BYTES = 256 * 1024 * 1024;
