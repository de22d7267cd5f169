import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../test/support/openapi.ts';
import { createTestApp } from '../../test/support/test-app.ts';

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
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
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
});
