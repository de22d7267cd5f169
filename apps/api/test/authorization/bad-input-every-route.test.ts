import { INTEGER_TEXT } from '@rope/domain/ids';
import { afterAll, describe, expect, it } from 'vitest';
import { AnswerLedger } from '../support/answer-ledger.ts';
import {
  type DocRoute,
  exampleOf,
  type JsonSchema,
  leavesOf,
  seededRandom,
  setAt,
  typesOf,
} from '../support/openapi.ts';
import { createTestApp } from '../support/test-app.ts';
import { recordBatteryCount } from './battery-count.ts';
import { buildBatteryWorld } from './battery-world.ts';
import { HOSTILE_TEXTS } from './hostile-corpus.ts';
import { registeredApiRoutes } from './world.ts';

/**
 * Malformed input to every route of the OpenAPI document: each path and query parameter and each body field gets
 * the corpus below. Nothing may answer 500; what is malformed for certain (NUL characters and lone surrogates in
 * any text or name, ids out of range or not decimal, proto keys, hostile nesting, broken multipart) must answer 4xx
 * with a code and a message. The corpus is drawn with a fixed seed, so every run sends the same requests;
 * `npm run battery` draws it with a random one (BATTERY_SEED). The hand-written users and mandators corpora
 * (bad-input*.test.ts) keep only what this does not send: boundaries, formats, missing fields and named fields.
 */
const SEED = Number(process.env.BATTERY_SEED ?? 20_261_124);
const random = seededRandom(SEED);

const BAD_IDS = [
  '2147483648',
  '9007199254740992',
  '-1',
  '1.5',
  '1.0',
  '0',
  '0x10',
  '%20%201',
  '1e1',
  '%00',
  'abc',
  '__proto__',
  'constructor',
  '1%3Bdrop',
  '1;2',
  '',
];
const BAD_NUMBERS = [2 ** 31, 2 ** 53, -1, 1.5, 1e308, -0.000001];
const BAD_ID_TEXTS = ['0x10', ' 1', '1 ', '+1', '1e3'];
const HUGE = 'x'.repeat(100_000);
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const t = await createTestApp();
afterAll(() => t.close());
// The same world as the valid half: a real object for each path, so a request gets past "not found" to the part
// that reads its input.
const b = await buildBatteryWorld(t);
const { doc, routes } = b;

function urlOf(route: DocRoute, params: Record<string, string> = {}, query = ''): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    if (name in params) return params[name]!;
    if (name !== 'id') return 'probe-token';
    return String(b.idForPath(route.path) ?? 1);
  });
  return query ? `${path}?${query}` : path;
}

let requestNumber = 0;
const answers: { label: string; status: number; body: string }[] = [];
const ledger = new AnswerLedger();

async function send(
  label: string,
  route: DocRoute,
  url: string,
  payload?: string,
  contentType = 'application/json',
): Promise<{ status: number; body: string }> {
  requestNumber += 1;
  const response = await t.app.inject({
    method: route.method,
    url,
    headers: {
      ...(await b.world.headersOf('admin')),
      ...(payload === undefined ? {} : { 'content-type': contentType }),
    },
    payload,
    // A fresh address per request, so throttling per IP answers as it would for one client.
    remoteAddress: `10.7.${(requestNumber >> 8) & 255}.${requestNumber & 255}`,
  });
  answers.push({ label, status: response.statusCode, body: response.body.slice(0, 300) });
  ledger.record(route.method, route.path, response.statusCode);
  return { status: response.statusCode, body: response.body };
}

/** A refusal in the error shape: a code and a message to show, so the 4xx is a clear one. */
function isClearRefusal(body: string): boolean {
  try {
    const answer = JSON.parse(body) as { code?: unknown; message?: unknown };
    return typeof answer.code === 'string' && typeof answer.message === 'string' && answer.message.length > 0;
  } catch {
    return false;
  }
}

/** Values of the wrong type for a schema: a string where a number goes, and so on. */
function wrongTypes(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  if (types.length === 0) return [];
  const candidates: [string, unknown][] = [
    ['string', 12_345],
    ['number', 'twelve'],
    ['integer', 'twelve'],
    ['boolean', 'true'],
    ['object', ['not', 'an', 'object']],
    ['array', { not: 'an array' }],
  ];
  const accepts = (value: unknown) =>
    types.some((type) =>
      type === 'integer' ? Number.isInteger(value) : type === 'array' ? Array.isArray(value) : typeof value === type,
    );
  return candidates.filter(([type, value]) => types.includes(type) && !accepts(value)).map(([, value]) => value);
}

const isIdField = (path: (string | number)[]) => {
  const names = path.filter((part): part is string => typeof part === 'string');
  const last = names.at(-1) ?? '';
  return last === 'id' || /Id$/.test(last) || ((last === 'mandators' || last === 'users') && path.at(-1) === 0);
};

const pick = <T>(values: readonly T[], count: number): T[] =>
  [...values].sort(() => random() - 0.5).slice(0, Math.min(count, values.length));

describe(`malformed input to every route of the OpenAPI document (seed ${SEED})`, () => {
  it('documents every registered /api route', () => {
    const documented = new Set(routes.map((route) => `${route.method} ${route.route}`));
    const missing = registeredApiRoutes(t.app).filter(
      // A path with a trailing slash may stand for its documented twin (the spec's /intl/country/).
      (route) =>
        !route.startsWith('GET /api/doc') && !documented.has(route) && !documented.has(route.replace(/\/$/, '')),
    );
    expect(missing).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      answers.length = 0;
      const mustRefuse: string[] = [];
      const refuse = async (label: string, url: string, payload?: string, type?: string) => {
        const { status, body } = await send(`${route.method} ${url.slice(0, 80)} ${label}`, route, url, payload, type);
        if (status < 400 || status >= 500) mustRefuse.push(`${label}: ${status}`);
        else if (!isClearRefusal(body)) mustRefuse.push(`${label}: ${status} without a code and message`);
      };
      const survive = async (label: string, url: string, payload?: string) => {
        await send(`${route.method} ${url.slice(0, 80)} ${label}`, route, url, payload);
      };
      const template = route.body ? exampleOf(doc, route.body) : undefined;
      const withBody = template === undefined ? undefined : JSON.stringify(template);

      for (const param of route.pathParams) {
        // Database ids carry the strict id pattern; other path parts (tokens, project numbers) are text.
        const isId = param.schema.pattern === INTEGER_TEXT.source;
        for (const bad of BAD_IDS.filter((id) => isId || id === '%00')) {
          await refuse(`path ${param.name}=${bad}`, urlOf(route, { [param.name]: bad }), withBody);
        }
        await survive(`path ${param.name} huge`, urlOf(route, { [param.name]: 'x'.repeat(5000) }), withBody);
      }

      for (const param of route.queryParams) {
        const query = (value: string) => `${param.name}=${value}`;
        await refuse(`query ${param.name} NUL`, urlOf(route, {}, query('a%00b')), withBody);
        for (const bad of pick(BAD_IDS, 4)) {
          const url = urlOf(route, {}, query(bad));
          if (param.name === 'showAsUser' && bad !== '') await refuse(`query ${param.name}=${bad}`, url, withBody);
          else await survive(`query ${param.name}=${bad}`, url, withBody);
        }
        await survive(`query ${param.name} huge`, urlOf(route, {}, query('x'.repeat(10_000))), withBody);
      }

      await refuse('query key __proto__', urlOf(route, {}, '__proto__=1'), withBody);
      await refuse('query value NUL in an unknown key', urlOf(route, {}, 'unknown=%00'), withBody);
      if (route.body && route.contentTypes.includes('application/json')) {
        // A name the body's schema does not know still reaches the guard: no text of any name may be stored.
        const url = urlOf(route);
        for (const { label, text } of HOSTILE_TEXTS) {
          await refuse(`body key with ${label}`, url, JSON.stringify({ ...(template as object), [text]: 1 }));
        }
      }

      if (route.method !== 'GET' && route.method !== 'DELETE') {
        const url = urlOf(route);
        await refuse('body nested 5000 deep', url, deep(5000));
        await refuse('body with __proto__', url, '{"__proto__":{"isAdmin":true}}');
        await refuse('body with constructor.prototype', url, '{"constructor":{"prototype":{"isAdmin":true}}}');
        await refuse('body malformed JSON', url, '{"a":');
        await refuse('multipart without boundary', url, '--x\r\n', 'multipart/form-data');
        await refuse('multipart with an empty boundary', url, '--x\r\n', 'multipart/form-data; boundary=');
        await refuse('multipart boundary of 300', url, '--x\r\n', `multipart/form-data; boundary=${'b'.repeat(300)}`);
      }

      if (route.body && route.contentTypes.includes('application/json')) {
        const url = urlOf(route);
        for (const bad of ['null', '[]', '"text"', '42']) await refuse(`body ${bad}`, url, bad);
        for (const leaf of leavesOf(doc, route.body)) {
          const at = leaf.path.join('.');
          const put = (value: unknown) => JSON.stringify(setAt(template, leaf.path, value));
          const types = typesOf(leaf.schema);
          if (types.includes('string')) {
            for (const { label, text } of HOSTILE_TEXTS) await refuse(`${at} with ${label}`, url, put(text));
            const limit = leaf.schema.maxLength;
            if (limit !== undefined && limit < HUGE.length) await refuse(`${at} huge`, url, put(HUGE));
            else await survive(`${at} huge`, url, put(HUGE));
          }
          for (const value of wrongTypes(leaf.schema))
            await refuse(`${at} = ${JSON.stringify(value)}`, url, put(value));
          if (types.includes('object')) {
            await refuse(`${at} nested 100 deep`, url, put(JSON.parse(deep(100))));
            await refuse(`${at} with __proto__`, url, put('PROTO').replace('"PROTO"', '{"__proto__":{"x":1}}'));
          }
          if (types.includes('integer') || types.includes('number')) {
            for (const value of pick(BAD_NUMBERS, 3)) {
              if (isIdField(leaf.path)) await refuse(`${at} = ${value}`, url, put(value));
              else await survive(`${at} = ${value}`, url, put(value));
            }
            if (isIdField(leaf.path)) {
              for (const value of pick(BAD_ID_TEXTS, 2)) await refuse(`${at} = ${value}`, url, put(value));
            }
          }
        }
      }
      const failures = answers.filter((answer) => answer.status >= 500);
      expect(failures, 'answers of 500').toEqual([]);
      expect(mustRefuse, 'malformed input that was not refused with a 4xx').toEqual([]);
    });
  }

  it('answers only what the document declares for each route', () => {
    expect(ledger.size).toBeGreaterThan(100);
    expect(ledger.undeclared(doc).join('\n'), 'answers the OpenAPI document does not name').toBe('');
  });

  it('is still alive and healthy after the whole corpus', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    recordBatteryCount(
      'input battery (hostile)',
      requestNumber,
      `requests over ${routes.length} routes (seed ${SEED})`,
    );
  });
});
