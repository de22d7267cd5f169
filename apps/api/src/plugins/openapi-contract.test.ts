import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { sensorDevices, sensors } from '@rope/db/schema/index';
import { apiErrorSchema, type ErrorCode, HTTP_STATUS_BY_ERROR_CODE } from '@rope/domain/errors';
import { englishText, type MessageKey } from '@rope/domain/message-keys';
import { afterAll, describe, expect, it } from 'vitest';
import { breakingChanges, type ContractDocument } from '../../test/support/breaking-changes.ts';
import {
  seedApiKey,
  seedArea,
  seedInstallation,
  seedMandator,
  seedRope,
  seedUser,
} from '../../test/support/factories.ts';
import { loadOpenApi } from '../../test/support/openapi.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp } from '../../test/support/test-app.ts';
import { API_CONTRACT_VERSION } from '../http/api-version.ts';
import { DEMO_IDS, REQUEST_EXAMPLES } from '../modules/request-examples.ts';
import { NAMED } from './openapi-components.ts';
import { ENTITY_EXAMPLES, REFUSAL_EXAMPLES } from './openapi-examples.ts';

/**
 * The contract integrators build on: every operation named, summarised, tagged and secured as its route declares,
 * its answers and refusals described with named schemas, and the whole document free of errors under Redocly's
 * recommended rules (redocly.yaml).
 */
const t = await createTestApp();
const folder = await mkdtemp(join(tmpdir(), 'rope-openapi-'));
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});
const doc = (await loadOpenApi(t.app)) as unknown as {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; examples?: Record<string, { value: unknown }> };
};
/** The document as last released; `npm run api:release` (apps/api) writes the current one there. */
const RELEASED = new URL('../../openapi/v1.json', import.meta.url);
const versionParts = (version: string) => version.split('.').map(Number) as [number, number, number];
const isNewer = (version: string, than: string) => {
  const [a, b] = [versionParts(version), versionParts(than)];
  return a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];
};
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref?: string } }> }>;
}
const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
);
const routeKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

describe('the OpenAPI contract', () => {
  it('lints without an error under the recommended rules', async () => {
    const file = join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const cli = new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url).pathname;
    const config = new URL('../../redocly.yaml', import.meta.url).pathname;
    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, `--config=${config}`, '--format=json', '--max-problems=1000'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('names every operation once, with a summary and a tag', () => {
    expect(operations.length).toBeGreaterThan(140);
    const missing = operations.filter(({ operation }) => !operation.operationId || !operation.summary);
    expect(missing.map(({ key }) => key)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId!);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(operations.filter(({ operation }) => !operation.tags?.length).map(({ key }) => key)).toEqual([]);
  });

  it('gives each operation the security its route declares', () => {
    const access = new Map(t.app.apiRoutes().map((route) => [routeKey(route.method, route.url), route.access]));
    for (const { key, operation } of operations) {
      const declared = access.get(key);
      expect(declared, key).toBeDefined();
      const schemes = (operation.security ?? []).map((requirement) => Object.keys(requirement).join('+'));
      const expected = { public: [], 'signed-in': ['session', 'apiKey'], 'session-only': ['session'] }[declared!];
      expect(schemes, key).toEqual(expected);
    }
  });

  it('answers refusals with the one error body, and not signed in on every closed operation', () => {
    for (const { key, operation } of operations) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!status.startsWith('4')) continue;
        expect(answer.content?.['application/json']?.schema.$ref, `${key} ${status}`).toBe(
          '#/components/schemas/ApiError',
        );
      }
      if (operation.security?.length) expect(Object.keys(operation.responses), key).toContain('401');
    }
    expect(doc.paths['/api/ropes/{id}']?.get?.responses['404']?.description).toMatch(/foreign object/);
  });

  it('names the entities as components and refers to them', () => {
    for (const name of ['ApiError', 'Area', 'Installation', 'Rope', 'RopeEvent', 'Task', 'Document', 'User']) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    const rope = doc.paths['/api/ropes/{id}']?.get?.responses['200']?.content?.['application/json']?.schema as {
      properties?: { rope?: { $ref?: string } };
    };
    expect(rope.properties?.rope?.$ref).toBe('#/components/schemas/Rope');
  });

  it('refers only into its components, so the documentation page resolves an opened operation alone', () => {
    // operation-alone.js gives swagger-ui one path item and the components to resolve: a reference into another path
    // item or a webhook would be lost there.
    const references: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref' && typeof inner === 'string') references.push(inner);
          else collect(inner);
        }
      }
    };
    collect(doc);
    expect(references.length).toBeGreaterThan(500);
    expect(references.filter((reference) => !reference.startsWith('#/components/'))).toEqual([]);
  });

  it('answers integrators at /api/v1 as at /api, with a document of its own paths', async () => {
    const mandator = await seedMandator(t.ctx.db);
    const area = await seedArea(t.ctx.db, mandator.id);
    const rope = await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, area.id)).id);
    const cookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    const today = await t.app.inject({ url: `/api/ropes/${rope.id}`, headers: { cookie } });
    const versioned = await t.app.inject({ url: `/api/v1/ropes/${rope.id}`, headers: { cookie } });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.json()).toEqual(today.json());
    const refused = await t.app.inject({ url: `/api/v1/ropes/${rope.id}` });
    expect(refused.statusCode).toBe(401);

    const v1 = (await t.app.inject({ url: '/api/v1/doc/json' })).json() as typeof doc;
    const paths = Object.keys(v1.paths);
    expect(paths.length).toBe(Object.keys(doc.paths).length);
    expect(paths.filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
    expect(v1.paths['/api/v1/ropes/{id}']?.get?.operationId).toBe('getRope');
  });

  it('keeps the released contract: a change raises the version, a break needs a new major version', async () => {
    if (process.env.OPENAPI_RELEASE === '1') await writeFile(RELEASED, `${JSON.stringify(doc, null, 2)}\n`);
    const released = JSON.parse(await readFile(RELEASED, 'utf8')) as typeof doc;
    expect(doc.info.version).toBe(API_CONTRACT_VERSION);
    const unversioned = (document: typeof doc) => ({ ...document, info: { ...document.info, version: '' } });
    if (!isDeepStrictEqual(unversioned(doc), unversioned(released))) {
      expect(
        isNewer(doc.info.version, released.info.version),
        `the contract changed since ${released.info.version}: raise API_CONTRACT_VERSION (http/api-version.ts)`,
      ).toBe(true);
    }
    const breaks = breakingChanges(released as unknown as ContractDocument, doc as unknown as ContractDocument);
    if (breaks.length > 0) {
      expect(
        versionParts(doc.info.version)[0] > versionParts(released.info.version)[0],
        `breaking changes within version ${released.info.version}; they belong in a new version:\n${breaks.join('\n')}`,
      ).toBe(true);
    }
  });

  it('finds a break planted in the document, and none in an addition', () => {
    const current = doc as unknown as ContractDocument;
    const copy = () => structuredClone(current);
    expect(breakingChanges(current, current)).toEqual([]);
    const added = copy();
    added.paths['/api/ropes/{id}/new-thing'] = { get: { responses: { 200: {} } } };
    expect(breakingChanges(current, added)).toEqual([]);
    const removed = copy();
    delete removed.paths['/api/ropes/{id}']!.delete;
    expect(breakingChanges(current, removed)).toEqual(['DELETE /api/ropes/{id}: removed']);
    const renamed = copy();
    const rope = renamed.components!.schemas!.Rope as { properties: Record<string, unknown>; required: string[] };
    rope.properties.title = rope.properties.name;
    delete rope.properties.name;
    expect(breakingChanges(current, renamed)).toContain('GET /api/ropes/{id} 200.rope.name: no longer answered');
  });

  it('gives every time and date an example that its own pattern takes, not one made up from the pattern', () => {
    // swagger-ui makes an example of a string from its pattern alone: times like 8313-08-10T16:57:43Z.
    const missing: string[] = [];
    const visit = (value: unknown, at: string, example?: unknown) => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) visit(item, `${at}/${i}`);
      } else if (value && typeof value === 'object') {
        const schema = value as { format?: string; pattern?: string; examples?: unknown[]; schema?: unknown };
        // A parameter's example is said beside its schema.
        const parameterExample = (value as { example?: unknown }).example;
        if ((schema.format === 'date-time' || schema.format === 'date') && schema.pattern) {
          const shown = schema.examples?.[0] ?? example;
          if (typeof shown !== 'string' || !new RegExp(schema.pattern).test(shown)) missing.push(at);
        }
        for (const [key, child] of Object.entries(value))
          visit(child, `${at}/${key}`, key === 'schema' ? parameterExample : undefined);
      }
    };
    visit(doc, '');
    expect(missing).toEqual([]);
  });

  it('shows each refusal with an example of its own code, in the error body, not the bad-input example', () => {
    const wrong: string[] = [];
    for (const { key, operation } of operations) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const json = answer.content?.['application/json'] as
          | { schema?: { $ref?: string }; examples?: Record<string, { $ref: string }> }
          | undefined;
        // A refusal in the error body (the health probe answers 503 in its own).
        if (json?.schema?.$ref !== '#/components/schemas/ApiError') continue;
        const [reference] = Object.values(json.examples ?? {});
        const name = reference?.$ref.replace('#/components/examples/', '') ?? '';
        const example = doc.components.examples?.[name]?.value as { code?: ErrorCode } | undefined;
        const fits = example && apiErrorSchema.safeParse(example).success;
        if (!fits || HTTP_STATUS_BY_ERROR_CODE[example.code!] !== Number(status)) wrong.push(`${key} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const [code, example] of Object.entries(REFUSAL_EXAMPLES)) {
      expect(example.code).toBe(code);
      // A bad input's message names its field first, as the API's do.
      expect(example.message, code).toContain(englishText({ key: example.key as MessageKey, params: example.params }));
    }
  });

  it("shows each documented request body's example, and the example, with a world's own ids, does what it says", async () => {
    const mandator = await seedMandator(t.ctx.db);
    const rope = await seedRope(
      t.ctx.db,
      (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id,
    );
    const [device] = await t.ctx.db.insert(sensorDevices).values({ name: 'SB-01', ropeId: rope.id }).returning();
    const [sensor] = await t.ctx.db.insert(sensors).values({ deviceId: device!.id, name: 'Tension' }).returning();
    const manager = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'], mandatorIds: [mandator.id] });
    const person = { cookie: await signIn(t.ctx, manager) };
    // Readings come from a device's import key, as the operation says.
    const importKey = { authorization: `Bearer ${(await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key}` };
    // An external task goes to the client's people, as the demo's goes to its client admin.
    const clientAdmin = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [mandator.id] });
    const ids = { rope: rope.id, user: clientAdmin.id, sensor: sensor!.id };
    let eventId = 0;
    let taskId = 0;
    type Body = { content?: Record<string, { example?: unknown }> };
    for (const [operation, example] of Object.entries(REQUEST_EXAMPLES)) {
      const [method, path] = operation.split(' ') as [string, string];
      const documented = (doc.paths[path]?.[method.toLowerCase()] as { requestBody?: Body } | undefined)?.requestBody
        ?.content?.['application/json']?.example;
      expect(documented, operation).toEqual(example(DEMO_IDS));
      const idIn: Record<string, number> = {
        events: eventId,
        tasks: taskId,
        ropes: rope.id,
        'sensor-devices': device!.id,
      };
      const url = path.replace('{id}', String(idIn[path.split('/')[2]!]));
      const answer = await t.app.inject({
        method: method as 'POST',
        url,
        headers: path.startsWith('/api/sensor-devices') ? importKey : person,
        payload: example(ids),
      });
      expect(answer.statusCode, `${operation}: ${answer.body}`).toBe(200);
      if (operation === 'POST /api/events') eventId = answer.json().ropeEvent.id;
      if (operation === 'POST /api/tasks') taskId = answer.json().task.id;
    }
    const counted = await t.app.inject({ url: `/api/ropes/${rope.id}`, headers: person });
    expect(counted.json().rope.attributes.bendingCyclesUntilNow).toBe(1_650_000);
  });

  it('gives the main entities an example each that their own schema takes', () => {
    for (const [name, example] of Object.entries(ENTITY_EXAMPLES)) {
      const [, schema] = NAMED.find(([id]) => id === name)!;
      expect(schema.safeParse(example).error, name).toBeUndefined();
      expect((doc.components.schemas[name] as { examples?: unknown[] }).examples, name).toEqual([example]);
    }
  });
});
