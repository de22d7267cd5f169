import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@rope/db/test-database';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.ts';
import { type AppContext, appVersion } from '../context.ts';
import { parseEnv } from '../env.ts';
import { createOutboxMailer, createSmtpMailer } from '../infra/mailer.ts';
import { createInlineQueue } from '../infra/queue/inline.ts';
import { createOutboxSms } from '../infra/sms.ts';
import { createStorage } from '../infra/storage/create.ts';
import { registerJobProcessors } from '../jobs/register.ts';
import { createLogger } from '../logger.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Send mail over SMTP to this server (see test/smtp-server.ts) instead of writing .eml files. */
  smtpUrl?: string;
  /** Register the job processors and run queued jobs inline, as the server does; off by default. */
  processJobs?: boolean;
  /** Write the log (level info) here, e.g. to check what it holds. */
  logStream?: DestinationStream;
}

/** A real app on a fresh database (PostgreSQL when DATABASE_URL is set, else PGlite), jobs inline. */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rope-api-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    ...envOverrides,
  });
  const database = await createTestDatabase();
  const log = createLogger({ LOG_LEVEL: options.logStream ? 'info' : env.LOG_LEVEL }, options.logStream);
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    queue: createInlineQueue(database.db, { timings: { pollMs: 50, backoffMs: 20 } }),
    storage: createStorage(env),
    mailer: options.smtpUrl
      ? createSmtpMailer(options.smtpUrl, env.MAIL_FROM)
      : createOutboxMailer(join(dataDir, 'outbox'), env.MAIL_FROM),
    sms: createOutboxSms(join(dataDir, 'outbox')),
    log,
    version: appVersion,
    embedded: true,
  };
  const app = await buildApp(ctx);
  await app.ready();
  if (options.processJobs) {
    registerJobProcessors(ctx);
    await ctx.queue.startProcessing();
  }
  return {
    app,
    ctx,
    dataDir,
    async close() {
      await app.close();
      await ctx.queue.close();
      await ctx.mailer.close();
      ctx.storage.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
