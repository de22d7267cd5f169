import { type Message, message } from '@rope/domain/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from './app-error.ts';

/** Deeper than any body the API accepts (an event's splice parts sit at depth 7). */
export const MAX_JSON_DEPTH = 32;
/** RFC 2046: a boundary is 1 to 70 characters of a small set. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

const refuse = (field: string, problem: Message) => validationError({ [field]: problem });

const pathOf = (path: readonly (string | number)[], root: string) => (path.length ? path.join('.') : root);

/**
 * Half of a UTF-16 surrogate pair without its other half (`"\\ud800"` in JSON): JSON.parse takes it, PostgreSQL
 * does not (jsonb refuses the escape, text cannot encode it as UTF-8). A proper pair (an emoji) is fine.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a code unit PostgreSQL cannot store: NUL or a lone surrogate. */
const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The message for a text or a name that is not storable, or undefined when it is. */
function problemOf(text: string, kind: 'text' | 'name'): Message | undefined {
  if (text.includes('\u0000')) return message(kind === 'text' ? 'app.errors.textHasNul' : 'app.errors.nameHasNul');
  if (LONE_SURROGATE.test(text))
    return message(kind === 'text' ? 'app.errors.textHasLoneSurrogate' : 'app.errors.nameHasLoneSurrogate');
  return undefined;
}

/**
 * The first thing in a parsed value PostgreSQL or the object model would trip over: a NUL character (text and
 * jsonb refuse \u0000), a lone surrogate (`\ud800` without its pair), a `__proto__` or `constructor.prototype`
 * key, or nesting deeper than MAX_JSON_DEPTH. Walks with its own stack, so a hostile depth cannot overflow the call stack.
 */
export function findUnsafeValue(value: unknown, root: string): AppError | undefined {
  return isPlainlySafe(value, 0) ? undefined : locateUnsafeValue(value, root);
}

/**
 * The same checks without keeping paths, so a large body costs no garbage: true when nothing is unsafe. Recursion
 * stops at MAX_JSON_DEPTH, so it cannot overflow the stack.
 */
function isPlainlySafe(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isStorable(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isPlainlySafe(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (key === '__proto__' || !isStorable(key)) return false;
    const item = (value as Record<string, unknown>)[key];
    if (key === 'constructor' && item !== null && typeof item === 'object' && 'prototype' in item) return false;
    if (!isPlainlySafe(item, depth + 1)) return false;
  }
  return true;
}

/** Where the first unsafe thing is, named by its path. */
function locateUnsafeValue(value: unknown, root: string): AppError | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = problemOf(current, 'text');
      if (problem) return refuse(pathOf(path, root), problem);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH)
      return refuse(pathOf(path, root), message('app.errors.nestedTooDeep', { max: MAX_JSON_DEPTH }));
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index] });
      });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const at = [...path, key];
      const problem = problemOf(key, 'name');
      if (problem) return refuse(pathOf(path, root), problem);
      if (key === '__proto__') return refuse(pathOf(at, root), message('app.errors.nameNotAllowed'));
      if (key === 'constructor' && item !== null && typeof item === 'object' && 'prototype' in item) {
        return refuse(pathOf(at, root), message('app.errors.nameNotAllowed'));
      }
      stack.push({ value: item, path: at });
    }
  }
  return undefined;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw new AppError('VALIDATION', message('app.errors.bodyEmpty'));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION', message('app.errors.bodyNotJson'));
  }
  const unsafe = findUnsafeValue(value, 'body');
  if (unsafe) throw unsafe;
  return value;
}

function checkMultipart(request: FastifyRequest) {
  const type = request.headers['content-type'];
  if (!type || !/^multipart\//i.test(type)) return;
  const match = /;\s*boundary=(?:"([^"]*)"|([^;]*))/i.exec(type);
  const boundary = match?.[1] ?? match?.[2]?.trim();
  if (!boundary || !BOUNDARY.test(boundary)) {
    throw refuse('content-type', message('app.errors.multipartBoundary'));
  }
}

/** Messages of the multipart parser for bodies cut short or broken: the client's fault, never a 500. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header|The needle cannot)/;

export function isMalformedMultipart(error: Error): boolean {
  return MALFORMED_MULTIPART.test(error.message);
}

/**
 * Bodies, queries and paths are checked before any schema sees them: JSON is parsed here (NUL characters, lone
 * surrogates, proto keys and hostile depth are 400s naming the field), multipart needs a well-formed boundary.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('onRequest', async (request) => {
    checkMultipart(request);
  });
  app.addHook('preValidation', async (request) => {
    const unsafe = findUnsafeValue(request.params, 'path') ?? findUnsafeValue(request.query, 'query');
    if (unsafe) throw unsafe;
  });
}
