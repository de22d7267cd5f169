import { type Db, queryRows } from '@rope/db/client';
import { DOCUMENT_NEW_DAYS } from '@rope/domain/documents/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compressOnce, sendKept } from '../plugins/compression.ts';
import { ifNoneMatchNames } from './etag.ts';

/**
 * The rope page's answers, kept as sent, while the data they are made of is unchanged.
 *
 * In the embedded default PGlite runs in the API's own thread, one statement at a time, and a statement costs
 * 0.7-1 ms of that thread whatever it reads: a rope page's eleven calls made 28 statements, so fifty people reading
 * at once queued behind one another (bench/README.md, "Many readers"). What the page shows changes only when data
 * changes, so the answers below are kept per caller and address, stamped with the database's answer version
 * (migration 0015: a trigger adds one on every statement that writes a table an answer is made of, whoever runs it,
 * the API, a job, a script or psql). A call reads that one number; when it is the stamp of a kept answer, the answer
 * goes out again as it was sent (the same JSON text, the same content type; compression runs on it as on any
 * answer), else the route answers and what it answered is kept. When the number moves, every kept answer goes: one
 * write anywhere, and nothing made before it is served again.
 *
 * Only answers made of the data and the caller alone, and two that depend on the clock in a way their own content
 * dates: a task turns past due when its due date passes, and a document stops being new a week after it came, so
 * those answers are kept until the first such moment among them (HORIZONS; a task due by bending cycles, which count
 * up by the clock, is never kept). The rope's sensor devices show their last reading, and devices send readings every
 * second: readings raise a number of their own (reading_version), and those answers (READING_ROUTES) are kept apart,
 * stamped with both numbers, so that a batch of readings empties only them. The key holds the caller (person, roles,
 * mandators, a live session), the Accept-Language header (the documents' reading language) and the address.
 * The damage chart and the loss chart are kept per rope and query in every mode too, with their ETags (getDamageChart,
 * getLossOverTarget, http/kept-answers.ts); the loss chart is kept here as well, with its ETag: a kept one answers 304
 * to a browser naming it, and goes out through sendKept as the route sends it.
 */
export const CACHED_ROUTES: ReadonlySet<string> = new Set([
  '/api/ropes/:id',
  '/api/installations/:id',
  '/api/areas/:id',
  '/api/ropes/:id/truscan',
  '/api/ropes/:id/events/lossOverTarget',
  '/api/ropes/:id/smartrope-events',
  '/api/ropes/:id/tasks',
  '/api/ropes/:id/events',
  '/api/ropes/:id/documents',
  '/api/ropes/:id/sensor-devices',
]);

/** Answers made of sensor readings too: stamped with the reading version as well. */
export const READING_ROUTES: ReadonlySet<string> = new Set(['/api/ropes/:id/sensor-devices']);

const NEW_DOCUMENT_MS = DOCUMENT_NEW_DAYS * 24 * 3600 * 1000;

interface TaskLike {
  pastDue?: boolean;
  attributes?: { status?: string; dueAt?: string | null; dueCondition?: { type?: string } | null };
}

/**
 * Until when (ms since 1970) an answer holds at the latest, read from the answer itself: the first moment one of its
 * time-dependent fields would answer otherwise. 0: not to be kept.
 */
export const HORIZONS: Readonly<Record<string, (answer: unknown) => number>> = {
  // isPastDue (domain tasks/rules.ts): done never, a due date once passed, bending cycles once counted up to.
  '/api/ropes/:id/tasks': (answer) => {
    let until = Number.POSITIVE_INFINITY;
    for (const task of (answer as { tasks: TaskLike[] }).tasks) {
      const attributes = task.attributes ?? {};
      if (task.pastDue || attributes.status === 'done') continue;
      if (attributes.dueCondition?.type === 'bendingCycles') return 0;
      if (attributes.dueAt) until = Math.min(until, Date.parse(attributes.dueAt) + 1);
    }
    return until;
  },
  // isNewDocument (domain documents/schemas.ts): new for a week after it came, which also orders the list.
  '/api/ropes/:id/documents': (answer) => {
    let until = Number.POSITIVE_INFINITY;
    for (const document of (answer as { documents: { isNew: boolean; createdAt: string }[] }).documents) {
      if (document.isNew) until = Math.min(until, Date.parse(document.createdAt) + NEW_DOCUMENT_MS);
    }
    return until;
  },
};

/** Enough for every rope page of a site's people; the oldest answer goes first beyond it. */
const MOST_ENTRIES = 5_000;
const MOST_CHARS = 64 * 1024 * 1024;
/** A larger answer is made each time. */
const LARGEST_ANSWER = 2 * 1024 * 1024;

const versionQuery = sql`select (select version::text from answer_version where id = 1) as version,
  (select version::text from reading_version where id = 1) as readings`;

export interface AnswerVersions {
  /** Raised by every statement on a table answers are made of. */
  version: string;
  /** Raised by every statement on sensor_measurements. */
  readings: string;
}

/** The database's answer and reading versions (migration 0015), in one statement. */
export async function readAnswerVersions(db: Db): Promise<AnswerVersions> {
  const [row] = await queryRows<{ version: string | null; readings: string | null }>(db, versionQuery);
  return { version: row?.version ?? '', readings: row?.readings ?? '' };
}

/** The database's answer version. */
export async function readAnswerVersion(db: Db): Promise<string> {
  return (await readAnswerVersions(db)).version;
}

interface Entry {
  /** The JSON text the route answered, as bytes. */
  body: Buffer;
  contentType: string;
  /** When the answer's content would change by the clock alone (HORIZONS); absent: never. */
  until?: number;
  /** A route that names its answers (the loss chart): the ETag and Cache-Control it sent, and sent through sendKept. */
  tagged?: { etag: string; cacheControl: string };
}

interface Pending {
  key: string;
  version: string;
  /** Kept apart, stamped with the reading version too (READING_ROUTES). */
  readings: boolean;
  until?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    answerCache?: Pending;
  }
}

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  entries: number;
}

export function createAnswerCache() {
  const entries = new Map<string, Entry>();
  let chars = 0;
  /** The version every kept entry was made at. */
  let version = '';
  const stats = { hits: 0, misses: 0 };
  return {
    /** The kept answer of `key` when `current` is the version it was made at; forgets everything otherwise. */
    get(key: string, current: string): Entry | undefined {
      if (current !== version) {
        entries.clear();
        chars = 0;
        version = current;
        return undefined;
      }
      const entry = entries.get(key);
      if (entry?.until !== undefined && Date.now() >= entry.until) {
        entries.delete(key);
        chars -= entry.body.length;
        return undefined;
      }
      return entry;
    },
    set(key: string, made: string, entry: Entry) {
      // Made before the version moved on: a later call already saw the newer number.
      if (made !== version || entry.body.length > LARGEST_ANSWER) return;
      if (entry.until !== undefined && Date.now() >= entry.until) return;
      const before = entries.get(key);
      if (before) chars -= before.body.length;
      entries.delete(key);
      entries.set(key, entry);
      chars += entry.body.length;
      for (const [oldest, old] of entries) {
        if (entries.size <= MOST_ENTRIES && chars <= MOST_CHARS) break;
        entries.delete(oldest);
        chars -= old.body.length;
      }
    },
    stats: (): AnswerCacheStats => ({ ...stats, entries: entries.size }),
    count(hit: boolean) {
      if (hit) stats.hits += 1;
      else stats.misses += 1;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/**
 * The answer version, one read for all calls that ask for it before the read is sent: the read goes to the database
 * in the next turn of the event loop, after every call that asked in this one, so no call gets a number read before
 * it came in (a write it waited for is always counted), and a burst of calls costs one statement.
 */
export function sharedVersionReader(db: Db): () => Promise<AnswerVersions> {
  let next: Promise<AnswerVersions> | undefined;
  return () => {
    if (!next) {
      next = new Promise((resolve, reject) => {
        setImmediate(() => {
          next = undefined;
          readAnswerVersions(db).then(resolve, reject);
        });
      });
    }
    return next;
  };
}

/** Who asks, as far as an answer can differ by it: the person, how they came in, their roles and mandators. */
function callerKey(request: FastifyRequest): string | undefined {
  const actor = request.auth?.actor;
  if (!actor) return undefined;
  const live = request.auth.session?.isLive ? 'live' : '';
  return `${actor.userId}|${actor.via}|${live}|${[...actor.roles].sort().join(',')}|${[...actor.mandatorIds].sort().join(',')}`;
}

/**
 * Serves the routes of CACHED_ROUTES from `cache`. Registered before the routes and after authentication: its
 * preHandler runs after the caller is known and the input checked, its onSend before compression.
 */
export function registerAnswerCache(app: FastifyInstance, db: Db, cache: AnswerCache) {
  const version = sharedVersionReader(db);
  // A batch of readings empties this one only.
  const withReadings = createAnswerCache();
  app.addHook('onClose', async () => app.log.info({ answerCache: cache.stats() }, 'answer cache at shutdown'));
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !CACHED_ROUTES.has(request.routeOptions.url ?? '')) return;
    const caller = callerKey(request);
    if (!caller) return;
    const key = `${caller}|${request.headers['accept-language'] ?? ''}|${request.url}`;
    const versions = await version();
    const readings = READING_ROUTES.has(request.routeOptions.url ?? '');
    const current = readings ? `${versions.version}.${versions.readings}` : versions.version;
    const kept = (readings ? withReadings : cache).get(key, current);
    cache.count(Boolean(kept));
    if (kept) {
      reply.header('content-type', kept.contentType);
      if (!kept.tagged) return reply.send(kept.body);
      // As the route answers: 304 to a browser holding it, else the same bytes in the same encoding.
      reply.header('cache-control', kept.tagged.cacheControl).header('etag', kept.tagged.etag);
      if (ifNoneMatchNames(request.headers['if-none-match'], kept.tagged.etag)) return reply.status(304).send(null);
      return sendKept(request, reply, kept.body);
    }
    request.answerCache = { key, version: current, readings };
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const pending = request.answerCache;
    const horizon = pending && HORIZONS[request.routeOptions.url ?? ''];
    if (horizon) pending.until = horizon(payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.answerCache;
    if (!pending || reply.statusCode !== 200) return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return payload;
    const etag = reply.getHeader('etag');
    if (request.keptBody) {
      // Sent through sendKept, already in its encoding: the body as made is kept, to be sent the same way again.
      if (typeof etag !== 'string') return payload;
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      (pending.readings ? withReadings : cache).set(pending.key, pending.version, {
        body: request.keptBody,
        contentType,
        tagged: { etag, cacheControl },
      });
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // Kept and sent as bytes, so that compression (plugins/compression.ts) can keep its work with them.
    const body = compressOnce(typeof payload === 'string' ? Buffer.from(payload) : payload);
    (pending.readings ? withReadings : cache).set(pending.key, pending.version, {
      body,
      contentType,
      ...(pending.until === undefined ? {} : { until: pending.until }),
    });
    return body;
  });
}
