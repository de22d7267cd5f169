import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@rope/db/test-database';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app.ts';
import { type AppContext, closeContext, createContext } from '../../src/context.ts';
import { parseEnv } from '../../src/env.ts';
import { registerJobs } from '../../src/jobs/registry.ts';
import { createLogger } from '../../src/logger.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Send mail over SMTP to this server (see test/smtp-server.ts) instead of writing .eml files. */
  smtpUrl?: string;
  /** Register the jobs and run them (and the scheduled ones) inline, as the server does; off by default. */
  processJobs?: boolean;
  /** Write the log here (level info unless LOG_LEVEL says), e.g. to check what it holds. */
  logStream?: DestinationStream;
  /** PGlite, the embedded default, even when the run is on PostgreSQL: for what only the embedded mode does. */
  embedded?: boolean;
  /** Another app's database, as a second API process has it; this app's close leaves it open. */
  sharedDatabase?: TestApp['ctx']['database'];
}

/**
 * A real app, its context built as the server builds it, on a fresh database (PostgreSQL when DATABASE_URL is set,
 * else PGlite): embedded settings (inline jobs, files and mail in a temporary data directory) unless overridden.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rope-api-test-'));
  // A test of a refused start (a bad setting, a database that is away) leaves no folder or database behind.
  let database: TestApp['ctx']['database'] | undefined;
  let ctx: AppContext | undefined;
  try {
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      // The batteries call every route with API keys many times a minute; the limit's own test sets its figures.
      API_KEY_RATE_LIMIT: '1000000',
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...envOverrides,
    });
    const logLevel = options.logStream && !envOverrides.LOG_LEVEL ? 'info' : env.LOG_LEVEL;
    const log = createLogger({ LOG_LEVEL: logLevel }, options.logStream);
    database = options.sharedDatabase
      ? { ...options.sharedDatabase, close: async () => {} }
      : await createTestDatabase({ embedded: options.embedded });
    ctx = await createContext(env, log, { database, queueTimings: { pollMs: 50, backoffMs: 20 } });
    const app = await buildApp(ctx);
    await app.ready();
    if (options.processJobs) {
      registerJobs(ctx);
      await ctx.queue.startProcessing();
    }
    const built = ctx;
    return {
      app,
      ctx: built,
      dataDir,
      async close() {
        await app.close();
        await closeContext(built);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (ctx) await closeContext(ctx).catch(() => {});
    else await database?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
