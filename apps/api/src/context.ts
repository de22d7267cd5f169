import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Database, type Db, openDatabase } from '@rope/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { type Env, repoRoot } from './env.ts';
import { type AnswerCache, createAnswerCache } from './http/answer-cache.ts';
import { createKeptAnswers, type KeptAnswers } from './http/kept-answers.ts';
import { createHttpDeviceLink, createMqttDeviceLink, type DeviceLink, mqttTopics } from './infra/device-link.ts';
import { createInProcessBus } from './infra/live/in-process.ts';
import { createRedisBus } from './infra/live/redis.ts';
import type { LiveBus } from './infra/live/types.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './infra/mailer.ts';
import { createDynsecAdmin, type DynsecAdmin } from './infra/mqtt-dynsec.ts';
import { createBullmqQueue } from './infra/queue/bullmq.ts';
import { createInlineQueue } from './infra/queue/inline.ts';
import type { Queue, QueueTimings } from './infra/queue/types.ts';
import { createSmsSender } from './infra/sms/create-sms-sender.ts';
import type { SmsSender } from './infra/sms/sender.ts';
import { createStorage } from './infra/storage/create.ts';
import type { Storage } from './infra/storage/types.ts';
import { createSessionCache, type SessionCache } from './session/session-cache.ts';

export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  queue: Queue;
  storage: Storage;
  mailer: Mailer;
  sms: SmsSender;
  /** What open screens are told at once (TRUscan state): in-process, or Redis pub/sub in server mode. */
  live: LiveBus;
  /** Commands to devices (TRUscan): MQTT when MQTT_URL is set, else offered for the device to fetch. */
  devices: DeviceLink;
  /** The broker's dynamic security plugin, when MQTT_ADMIN_* are set: each device gets its own broker client. */
  brokerAdmin?: DynsecAdmin;
  /** Sessions this process read a moment ago (see session-cache.ts). */
  sessions: SessionCache;
  /** The rope page's answers while the data is unchanged (http/answer-cache.ts); absent when ANSWER_CACHE is off. */
  answers?: AnswerCache;
  /** Damage charts as sent, per rope and query, with their ETags (http/kept-answers.ts); in every mode. */
  damageCharts: KeptAnswers;
  log: FastifyBaseLogger;
  version: string;
  /** True when no DATABASE_URL is set: PGlite, inline jobs, outbox mail. */
  embedded: boolean;
}

export const appVersion: string = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;

/** What tests choose themselves; production passes none of it. */
export interface ContextOverrides {
  /** An open, migrated database instead of the one the settings name (tests: a fresh database per file). */
  database?: Database;
  /** Faster polling and retries, for tests. */
  queueTimings?: Partial<QueueTimings>;
}

export async function createContext(
  env: Env,
  log: FastifyBaseLogger,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const dataDir = resolve(env.DATA_DIR);
  const database =
    overrides.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: join(dataDir, 'db'),
      maxConnections: env.DATABASE_POOL_SIZE,
    }));
  const outboxDir = join(dataDir, 'outbox');
  const queue = env.REDIS_URL
    ? createBullmqQueue(database.db, env.REDIS_URL, { log, timings: overrides.queueTimings, prefix: env.QUEUE_PREFIX })
    : createInlineQueue(database.db, { log, timings: overrides.queueTimings });
  return {
    env,
    database,
    db: database.db,
    queue,
    storage: createStorage(env),
    mailer: env.SMTP_URL
      ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : createOutboxMailer(outboxDir, env.MAIL_FROM, log),
    sms: createSmsSender(env, outboxDir),
    live: env.REDIS_URL
      ? createRedisBus(env.REDIS_URL, (error) => log.warn({ err: error }, 'live bus: Redis connection problem'))
      : createInProcessBus(),
    devices: env.MQTT_URL
      ? createMqttDeviceLink(env.MQTT_URL, mqttTopics(env.MQTT_TOPIC_PREFIX))
      : createHttpDeviceLink(),
    brokerAdmin:
      env.MQTT_URL && env.MQTT_ADMIN_USERNAME && env.MQTT_ADMIN_PASSWORD
        ? createDynsecAdmin({ url: env.MQTT_URL, username: env.MQTT_ADMIN_USERNAME, password: env.MQTT_ADMIN_PASSWORD })
        : undefined,
    sessions: createSessionCache(),
    // Only PGlite counts writes in the answer version (migration 0015).
    ...(env.ANSWER_CACHE === 'auto' && database.kind === 'pglite' ? { answers: createAnswerCache() } : {}),
    damageCharts: createKeptAnswers(),
    log,
    version: appVersion,
    embedded: !env.DATABASE_URL,
  };
}

export async function closeContext(ctx: AppContext) {
  await ctx.queue.close();
  await ctx.live.close();
  await ctx.devices.close();
  await ctx.brokerAdmin?.close();
  await ctx.mailer.close();
  ctx.storage.close();
  await ctx.database.close();
}
