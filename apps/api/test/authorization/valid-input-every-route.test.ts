import { afterAll, describe, expect, it } from 'vitest';
import { AnswerLedger } from '../support/answer-ledger.ts';
import type { DocRoute } from '../support/openapi.ts';
import { seededRandom } from '../support/openapi.ts';
import { TEST_SAML_ENV } from '../support/saml-idp.ts';
import { createTestApp } from '../support/test-app.ts';
import { type ValueContext, validValueOf } from '../support/valid-values.ts';
import { recordBatteryCount } from './battery-count.ts';
import { buildBatteryWorld } from './battery-world.ts';
import { HAND_CASES, type ValidCase, type ValidRequest } from './valid-input-cases.ts';

/**
 * Valid input to every route of the OpenAPI document that takes a body, query or path parameters: requests drawn
 * from the route's schema with the seeded random (enums, bounds, lengths, formats, unicode text, ids of real
 * objects), sent by someone allowed to, must answer 2xx, and text that comes back must come back unchanged.
 * Where the schema cannot say everything (multipart, mailed tokens, rules across fields) valid-input-cases.ts has
 * a hand-written case; a route with neither fails. `npm run battery` draws with a random BATTERY_SEED.
 */
const SEED = Number(process.env.BATTERY_SEED ?? 20_261_124);
const DRAWS = 3;

const t = await createTestApp(TEST_SAML_ENV);
afterAll(() => t.close());
const b = await buildBatteryWorld(t);
const ledger = new AnswerLedger();
const takesInput = (route: DocRoute) =>
  route.pathParams.length > 0 || route.queryParams.length > 0 || route.contentTypes.length > 0;
const routes = b.routes.filter(takesInput);
// Deleting runs last, each on an object made for it.
const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];

/** The world's object a field stands for, by the field's name (or its parent's, for `{ rope: { id } }`). */
const ID_BY_FIELD: Record<string, number> = {
  rope: b.rope,
  event: b.event,
  assignedUsers: b.user,
  users: b.user,
  adminUserId: b.user,
  showAsUser: b.user,
  mandator: b.mandator,
  mandatorId: b.mandator,
  mandators: b.mandator,
  parentFolder: b.folder,
  folderId: b.folder,
  installation: b.sibling,
  sensor: b.sensor,
};
function fieldName(path: (string | number)[]): string {
  const names = path.filter((part): part is string => typeof part === 'string');
  const last = names.at(-1) ?? '';
  return last === 'id' ? (names.at(-2) ?? '') : last;
}

let requestCount = 0;
const handWritten = routes.filter((route) => HAND_CASES[`${route.method} ${route.path}`]?.request).length;
let readBacks = 0;

/** Every string leaf of a value with its path. */
function stringsOf(value: unknown, path: (string | number)[] = []): [(string | number)[], string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...path, key]));
  return [];
}
/**
 * The values at a path of an answer, any element standing for an array index: merged lists (a device's sensors)
 * keep what was not sent, so a sent item need not come back at its index.
 */
function valuesAt(value: unknown, path: (string | number)[]): unknown[] {
  if (path.length === 0) return [value];
  const [head, ...rest] = path;
  if (typeof head === 'number') return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return valuesAt((value as Record<string, unknown>)[head!], rest);
}

let base: string | undefined;
/** Opens an event stream on a real connection and reads its status and type, then hangs up. */
async function openStream(url: string, headers: Record<string, string>): Promise<string> {
  base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const response = await fetch(`${base}${url}`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  controller.abort();
  return response.status === 200 && type.includes('text/event-stream') ? 'ok' : `${response.status} ${type}`;
}

async function generated(route: DocRoute, entry: ValidCase | undefined, random: () => number): Promise<ValidRequest> {
  const context: ValueContext = {
    random,
    omit: entry?.omit,
    idFor: (path) => entry?.ids?.[fieldName(path)] ?? ID_BY_FIELD[fieldName(path)],
  };
  const params: Record<string, string> = { ...(await entry?.params?.(b, random)) };
  for (const param of route.pathParams) {
    if (param.name in params) continue;
    if (param.name !== 'id') throw new Error(`no valid value for the path parameter ${param.name}: add a case`);
    const changes = route.method !== 'GET' && route.method !== 'POST';
    const id = changes ? await b.fresh(route.path) : b.idForPath(route.path);
    if (id === undefined) throw new Error(`no object of the world for ${route.path}: add a case`);
    params[param.name] = String(id);
  }
  const query = new URLSearchParams();
  for (const param of route.queryParams) {
    const fixed = entry?.query?.[param.name];
    if (fixed !== undefined) query.set(param.name, fixed);
    else if (param.required || random() < 0.6)
      query.set(param.name, String(validValueOf(b.doc, param.schema, context, [param.name])));
  }
  entry?.fixQuery?.(query);
  const path = route.path.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(params[name]!));
  const url = query.size > 0 ? `${path}?${query}` : path;
  if (route.contentTypes.length > 0 && !route.body)
    throw new Error(`${route.contentTypes} has no JSON schema: add a case`);
  const body = route.body ? validValueOf(b.doc, route.body, context) : undefined;
  return { url, payload: entry?.body ? entry.body(body, b, random) : body };
}

describe(`valid input to every route of the OpenAPI document (seed ${SEED})`, () => {
  it('has a way to a valid request for every route that takes input', () => {
    const known = new Set(ordered.map((route) => `${route.method} ${route.path}`));
    expect(
      Object.keys(HAND_CASES).filter((key) => !known.has(key)),
      'cases for routes the document lacks',
    ).toEqual([]);
    // No schema to draw from (an upload, a stream) or a path part that is no id of the world: only a case will do.
    const beyondSchema = ordered.filter(
      (route) =>
        (route.contentTypes.length > 0 && !route.body) || route.pathParams.some((param) => param.name !== 'id'),
    );
    const uncovered = beyondSchema
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !HAND_CASES[key]?.request && !HAND_CASES[key]?.params);
    expect(uncovered, 'routes without a valid case: add one to valid-input-cases.ts').toEqual([]);
  });

  ordered.forEach((route, routeIndex) => {
    const key = `${route.method} ${route.path}`;
    const entry = HAND_CASES[key];
    it(key, async () => {
      const failures: string[] = [];
      for (let draw = 0; draw < (entry?.draws ?? DRAWS); draw += 1) {
        const random = seededRandom(SEED + routeIndex * 101 + draw);
        const request = entry?.request ? await entry.request(b, random) : await generated(route, entry, random);
        requestCount += 1;
        const actor = request.actor ?? entry?.actor ?? 'admin';
        const isJson =
          request.payload !== undefined && !Buffer.isBuffer(request.payload) && typeof request.payload === 'object';
        if (entry?.stream) {
          const status = await openStream(request.url, await b.world.headersOf('admin'));
          if (status !== 'ok') failures.push(`${route.method} ${request.url}: ${status}`);
          continue;
        }
        const response = await t.app.inject({
          method: route.method,
          url: request.url,
          payload: isJson ? JSON.stringify(request.payload) : (request.payload as string | Buffer | undefined),
          headers: {
            ...(actor === 'nobody' ? {} : await b.world.headersOf(actor)),
            ...(isJson ? { 'content-type': 'application/json' } : {}),
            ...request.headers,
          },
          remoteAddress: `10.8.${(requestCount >> 8) & 255}.${requestCount & 255}`,
        });
        ledger.record(route.method, route.path, response.statusCode);
        const succeeded = entry?.status
          ? entry.status.includes(response.statusCode)
          : response.statusCode >= 200 && response.statusCode < 300;
        const sent = `${route.method} ${request.url.slice(0, 120)} ${isJson ? JSON.stringify(request.payload).slice(0, 600) : ''}`;
        if (!succeeded) {
          failures.push(`${sent}\n  -> ${response.statusCode} ${response.body.slice(0, 400)}`);
          continue;
        }
        if (!isJson || !response.headers['content-type']?.toString().includes('json')) continue;
        // Text sent where the answer carries the same field must come back exactly as sent.
        const answer = response.json();
        for (const [path, text] of stringsOf(request.payload)) {
          if (/^[\x20-\x7e]*$/.test(text)) continue;
          const back = valuesAt(answer, path).filter((candidate) => typeof candidate === 'string');
          if (back.length === 0) continue;
          readBacks += 1;
          if (!back.includes(text))
            failures.push(
              `${sent}\n  ${path.join('.')}: sent ${JSON.stringify(text)}, read ${JSON.stringify(back[0])}`,
            );
        }
      }
      expect(failures, 'valid requests that were not answered as valid').toEqual([]);
    });
  });

  it('answers only what the document declares for each route', () => {
    expect(ledger.size).toBeGreaterThan(100);
    expect(ledger.undeclared(b.doc).join('\n'), 'answers the OpenAPI document does not name').toBe('');
  });

  it('is still alive and healthy after the whole battery', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    recordBatteryCount(
      'input battery (valid)',
      requestCount,
      `requests over ${routes.length} routes (${handWritten} by a hand-written request), ${readBacks} texts read back (seed ${SEED})`,
    );
  });
});
