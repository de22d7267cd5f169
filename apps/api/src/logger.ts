import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Env } from './env.ts';

const REDACTED = '[redacted]';
/** Path segments that are secrets: reset and activation tokens, sign-in links, unsubscribe links (the email). */
const SECRET_SEGMENTS = /(\/(?:reset|link|unsubscribe)\/)[^/?#]+/gi;
const SECRET_QUERY = /([?&](?:token|code|secret|password|key|SAMLResponse|RelayState)=)[^&#]*/gi;

/** A URL fit for the log: the tokens of reset, sign-in and unsubscribe links replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** What a database error may say: never its bound parameters (they hold password hashes, tokens, personal data). */
const SAFE_DB_FIELDS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
];
const stackFrames = (stack: unknown) =>
  typeof stack === 'string' && stack.includes('\n    at ') ? stack.slice(stack.indexOf('\n    at ') + 1) : undefined;

function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const record = err as Error & Record<string, unknown>;
  const isQueryError = 'params' in record || 'parameters' in record || 'query' in record;
  if (!isQueryError && !(record.cause instanceof Error)) return pino.stdSerializers.err(err);
  const safe: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    // A failed statement's message lists every bound parameter: keep only its first line, the SQL.
    message: isQueryError ? err.message.split('\nparams:')[0] : err.message,
    stack: stackFrames(err.stack),
  };
  for (const key of SAFE_DB_FIELDS) if (record[key] !== undefined) safe[key] = record[key];
  if (record.cause !== undefined) safe.cause = serializeError(record.cause);
  return safe;
}

/** How long a logged line may wait for others before it is written. */
export const LOG_FLUSH_MS = 200;
/** Lines gather up to this many bytes before they are written at once. */
const LOG_BATCH_BYTES = 4096;

/**
 * The log's output, written in batches: lines gather up to 4 KiB and go out at the latest LOG_FLUSH_MS after they
 * were logged, and whatever is left is written when the process exits (pino flushes its output on `exit`). Pino's
 * default writes every line on its own through libuv's thread pool: two hand-offs between threads per request (a
 * line when it comes in, one when it is answered); batched, an API process makes half the system calls for the same
 * reads (bench/README.md, thirteenth session). A process killed outright loses the lines of its last LOG_FLUSH_MS.
 */
export function batchedOutput(fd: number = process.stdout.fd || 1): DestinationStream {
  const output = pino.destination({ dest: fd, minLength: LOG_BATCH_BYTES });
  // sonic-boom's own periodicFlush writes even when nothing waits (an empty write through the thread pool five times
  // a second in an idle process). Here a tick flushes only after lines came, and once more on the tick after: a flush
  // while a batch is still being written does nothing, and the second one writes what came meanwhile.
  let logged = false;
  let again = false;
  const write = output.write.bind(output);
  output.write = (line: string) => {
    logged = true;
    return write(line);
  };
  const ticks = setInterval(() => {
    if (!logged && !again) return;
    again = logged;
    logged = false;
    try {
      output.flush();
    } catch {
      // Destroyed since (the process is ending): its close stops these ticks.
    }
  }, LOG_FLUSH_MS).unref();
  output.on('close', () => clearInterval(ticks));
  return output;
}

export function createLogger(
  env: Pick<Env, 'LOG_LEVEL'>,
  destination: DestinationStream = batchedOutput(),
): FastifyBaseLogger {
  return pino(
    {
      level: env.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'password',
          '*.password',
          'passwordHash',
          '*.passwordHash',
          'token',
          '*.token',
          'twoFactorSecret',
          '*.twoFactorSecret',
        ],
        censor: REDACTED,
      },
      serializers: { req: serializeRequest, err: serializeError },
    },
    destination,
  ) as unknown as FastifyBaseLogger;
}

/**
 * Writes text to the log's own output, after every line logged before it: pino writes its lines asynchronously, so
 * text written to stdout beside it (the start banner) could come out before lines logged earlier.
 */
export function writeAfterLog(log: FastifyBaseLogger, text: string) {
  const stream = (log as unknown as Record<symbol, DestinationStream | undefined>)[pino.symbols.streamSym];
  if (stream) stream.write(text);
  else process.stdout.write(text);
}
