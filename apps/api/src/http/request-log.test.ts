import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/support/log-capture.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createLogger } from '../logger.ts';
import { lazyRequestLogger, OneLineRequestLog } from './request-log.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  [field: string]: unknown;
}

const linesOf = (lines: string[]) =>
  lines.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Line);

describe('the request log of the app (level info, a site default)', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({}, { logStream: log.stream });
  });
  afterAll(() => t.close());

  it('writes one line per request when it is answered, with the request, the status and the time', async () => {
    log.lines.length = 0;
    const answer = await t.app.inject({ method: 'GET', url: '/api/no-such-address?token=Zk3q9TbV0cXh' });
    expect(answer.statusCode).toBe(404);
    const lines = linesOf(log.lines);
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/no-such-address?token=[redacted]' },
      res: { statusCode: 404 },
    });
    expect(line!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(line!.responseTime).toBeGreaterThan(0);
  });

  it('writes the line of a request refused before routing, and of an answer made from an error', async () => {
    log.lines.length = 0;
    const malformed = await t.app.inject({ method: 'GET', url: '/api/ropes/%E0%A4%A' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login/json',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(refused.statusCode).toBe(400);
    const completed = linesOf(log.lines).filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.res?.statusCode)).toEqual([malformed.statusCode, 400]);
    expect(completed.every((line) => typeof line.reqId === 'string' && line.req?.method)).toBe(true);
  });

  it("keeps a route's own level: the health probe writes nothing at info", async () => {
    log.lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(linesOf(log.lines)).toEqual([]);
  });
});

describe('the request log at debug', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  it('adds the line when a request comes in, under the same id, without the token of its address', async () => {
    log.lines.length = 0;
    const token = 'Zk3q9TbV0cXh2LmN8rPw4sYd';
    await t.app.inject({ method: 'GET', url: `/api/no-such-address/link/${token}` });
    const lines = linesOf(log.lines).filter((line) => line.reqId);
    const incoming = lines.find((line) => line.msg === 'incoming request');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(incoming).toMatchObject({ level: 20, req: { method: 'GET', url: '/api/no-such-address/link/[redacted]' } });
    expect(completed?.reqId).toBe(incoming?.reqId);
    expect(log.logged()).not.toContain(token);
  });
});

describe("a request's own logger", () => {
  it('is made only when something logs through it, and names the request', async () => {
    const log = captureLog();
    const root = createLogger({ LOG_LEVEL: 'info' }, log.stream);
    let children = 0;
    const child = root.child.bind(root);
    root.child = (...args: Parameters<typeof root.child>) => {
      children += 1;
      return child(...args);
    };
    const app = Fastify({
      loggerInstance: root,
      logController: new OneLineRequestLog(root),
      childLoggerFactory: lazyRequestLogger,
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/says', async (request) => {
      request.log.warn({ password: 'hunter2' }, 'the handler says something');
      return { ok: true };
    });
    await app.ready();
    const atStart = children;
    for (let i = 0; i < 5; i += 1) await app.inject({ method: 'GET', url: '/quiet' });
    expect(children).toBe(atStart);
    await app.inject({ method: 'GET', url: '/says' });
    expect(children).toBe(atStart + 1);
    await app.close();
    const lines = linesOf(log.lines);
    const said = lines.find((line) => line.msg === 'the handler says something');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(6);
    expect(said).toMatchObject({ level: 40, password: '[redacted]' });
    expect(said?.reqId).toBe(completed[5]?.reqId);
  });
});
