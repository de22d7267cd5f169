import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { redactUrl } from '../logger.ts';

/** The label of the request's id on every line about it (Fastify's). */
const REQUEST_ID = 'reqId';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * The request log: one line per request, when it is answered. At info `request completed` carries the request
 * (method, address with its secrets redacted, host, client), the status and the time taken; `request errored` goes out
 * at error. Fastify's default also wrote a line when each request came in, and a third for an unknown address: every
 * request twice, half the log's bytes (some 18 GB a day at the busy morning's 350 calls a second) and a share of
 * every cheap call's CPU. The line on arrival is kept at debug, to follow requests that never finish.
 *
 * A route's own `logLevel` (the health probe's warn) holds: its lines go through the request's logger, made at that
 * level. Any other line is written by the process's logger with the request's id, so that a request makes its own
 * logger (lazyRequestLogger) only when something logs through it.
 */
/** What the line of an answered request says of it: the request (through the logger's serializer), status, time. */
export function answeredRequest(request: FastifyRequest, reply: FastifyReply) {
  return { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
}

export class OneLineRequestLog extends LogController {
  readonly #log: FastifyBaseLogger;
  /**
   * The same output and level without the redaction of secret fields: a request's line holds only what this class
   * puts there (the request as the logger's serializer gives it, its tokens already cut from the address, the status
   * and the time), and the redaction, which copies every object it might have to change, cost three times the line.
   */
  readonly #lines: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    super({ requestIdLogLabel: REQUEST_ID });
    this.#log = log;
    this.#lines = log.child({}, { redact: [] } as object);
  }

  /** The logger for a line about `request`, and the fields that name the request on it. */
  #lineFor(request: FastifyRequest, log = this.#lines): [FastifyBaseLogger, Record<string, unknown>] {
    return request.routeOptions.logLevel ? [request.log, {}] : [log, { [REQUEST_ID]: request.id }];
  }

  override incomingRequest(request: FastifyRequest) {
    const [log, fields] = this.#lineFor(request);
    log.debug({ ...fields, req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // An error may carry anything: its line goes through the redacting logger.
    const [log, fields] = this.#lineFor(request, error ? this.#log : this.#lines);
    const line = { ...fields, ...answeredRequest(request, reply) };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    const [log, fields] = this.#lineFor(request);
    log.debug(fields, `Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}

/**
 * A request's logger (request.log), made when something first logs through it: Fastify makes one per request, and
 * pino's child with its bindings was a hundredth of a cheap call's CPU for a logger that most requests never use.
 */
class LazyRequestLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: object;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? (this.#options as { level?: string }).level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  #at(level: Level, args: unknown[]) {
    (this.#logger()[level] as (...parts: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#at('fatal', args);
  }
  error(...args: unknown[]) {
    this.#at('error', args);
  }
  warn(...args: unknown[]) {
    this.#at('warn', args);
  }
  info(...args: unknown[]) {
    this.#at('info', args);
  }
  debug(...args: unknown[]) {
    this.#at('debug', args);
  }
  trace(...args: unknown[]) {
    this.#at('trace', args);
  }
  silent() {}

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
