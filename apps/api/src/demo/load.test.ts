import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, queryRows } from '@rope/db/client';
import { apiKeys, users } from '@rope/db/schema/index';
import { createTestDatabase } from '@rope/db/test-database';
import { folderTranslationsSchema } from '@rope/domain/documents/schemas';
import { ropeEventAttributesSchema } from '@rope/domain/events/schemas';
import { installationAttributesSchema } from '@rope/domain/hierarchy/installations';
import { notificationSettingsSchema, notificationStatusSchema } from '@rope/domain/notifications/schemas';
import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import { ropeAttributesSchema, truscanAttributesSchema } from '@rope/domain/ropes/schemas';
import { sensorAttributesSchema, sensorDeviceAttributesSchema } from '@rope/domain/sensors/schemas';
import { smartropeEventAttributesSchema } from '@rope/domain/smartropes/schemas';
import { taskAttributesSchema } from '@rope/domain/tasks/schemas';
import { API_KEY_PREFIX_LENGTH } from '@rope/domain/users/api-keys';
import { toE164 } from '@rope/domain/users/phone';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sha256, verifyPassword } from '../infra/crypto.ts';
import { createFileStorage } from '../infra/storage/filesystem.ts';
import { readStored, type Storage } from '../infra/storage/types.ts';
import { notificationTextFor } from '../mail/notification-texts.ts';
import { dueFor } from '../ops/embedded-maintenance.ts';
import { demoApiKeys, legacyDemoApiKeys } from './accounts.ts';
import { DEMO_KEY_SECRET_FILE, demoKeySecret } from './key-secret.ts';
import { type DemoLoadResult, loadDemoData } from './load.ts';
import { DEMO_SEED } from './random.ts';

const TIMEOUT = 180_000;
const HOUR_MS = 3_600_000;
/** A load time off the whole hour: device data ends at the hour before it. */
const LOADED_AT = Date.UTC(2027, 1, 10, 9, 41, 27);
const TABLES = [
  'mandators',
  'users',
  'user_mandators',
  'api_keys',
  'projects',
  'areas',
  'installations',
  'ropes',
  'rope_events',
  'rope_event_history',
  'tasks',
  'task_assignees',
  'task_notes',
  'notifications',
  'notification_deliveries',
  'folders',
  'documents',
  'sensor_devices',
  'sensors',
  'sensor_measurements',
  'sensor_measurements_1h',
  'sensor_measurements_1m',
  'smartropes',
  'smartrope_sensors',
  'smartrope_events',
  'smartrope_measurements',
  'app_meta',
];

const opened: Database[] = [];
const dirs: string[] = [];

async function freshDatabase(): Promise<{ database: Database; storage: Storage; keySecret: string; dir: string }> {
  const database = await createTestDatabase();
  opened.push(database);
  const dir = mkdtempSync(join(tmpdir(), 'rope-demo-'));
  dirs.push(dir);
  return { database, storage: createFileStorage(dir), keySecret: demoKeySecret(dir), dir };
}

const rows = <T extends Record<string, unknown>>(database: Database, query: SQL) => queryRows<T>(database.db, query);

async function counts(database: Database): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number }>(database, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    result[table] = Number(row?.n);
  }
  return result;
}

/**
 * A digest of the generated content: everything except storage keys and the load time. Device data (readings,
 * smartrope events, TRUscan times) lies before the load time: `shiftMs` is taken off its times, so two loads
 * `shiftMs` apart digest alike. Readings count by their times (their values follow the season of the load).
 */
async function fingerprint(database: Database, shiftMs = 0): Promise<string> {
  const hash = createHash('sha256');
  const shift = sql.raw(`interval '${shiftMs / 1000} seconds'`);
  const shiftSeconds = sql.raw(String(shiftMs / 1000));
  const queries = [
    sql`select id, name, installation_id, latlngs, attributes, truscan_attributes - 'lastMeasurement' - 'nextMeasurement',
      (truscan_attributes->>'lastMeasurement')::bigint - ${shiftSeconds} as last,
      (truscan_attributes->>'nextMeasurement')::bigint - ${shiftSeconds} as next from ropes order by id`,
    sql`select id, rope_id, position, attributes, occurred_at, created_by_user_id from rope_events order by id`,
    sql`select id, area_id, name, latlngs, attributes, notification_settings from installations order by id`,
    sql`select id, rope_id, event_id, attributes, due_at, previous_task_id from tasks order by id`,
    sql`select id, name, size, location, target_type, target_id, folder_id, created_at from documents order by id`,
    sql`select id, email, roles, language_id from users order by id`,
    sql`select key_hash from api_keys order by id`,
    sql`select sensor_id, count(*)::int as n, min(ts) - ${shift} as first, max(ts) - ${shift} as last
      from sensor_measurements group by 1 order by 1`,
    sql`select uuid, rope_id, created_at - ${shift} as created from smartropes order by id`,
    sql`select id, smartrope_id, sensor_name, type, occurred_at - ${shift} as at, attributes from smartrope_events order by id`,
    sql`select event_id, count(*)::int as n, round(sum(value)::numeric, 2)::text as s, min(ts) - ${shift} as first
      from smartrope_measurements group by 1 order by 1`,
    sql`select idempotency_key, text, triggered_at from notifications where type <> 'smartropeThreshold' order by id`,
    sql`select text, triggered_at - ${shift} as at from notifications where type = 'smartropeThreshold' order by id`,
    sql`select rope_id, rule_type, is_armed, last_value, updated_at - ${shift} as at from notification_rule_states
      order by rope_id, rule_type`,
  ];
  for (const query of queries) hash.update(JSON.stringify(await rows(database, query)));
  return hash.digest('hex');
}

function expectParses(schema: z.ZodType, values: unknown[], what: string): void {
  expect(values.length, what).toBeGreaterThan(0);
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new Error(`${what}: ${parsed.error.message}\n${JSON.stringify(value)}`);
  }
}

describe('demo data', () => {
  let main: Awaited<ReturnType<typeof freshDatabase>>;
  let first: DemoLoadResult;

  beforeAll(async () => {
    main = await freshDatabase();
    first = await loadDemoData({
      db: main.database.db,
      storage: main.storage,
      keySecret: main.keySecret,
      now: LOADED_AT,
    });
  }, TIMEOUT);

  afterAll(async () => {
    for (const database of opened) await database.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('loads the documented amounts of data', async () => {
    expect(first.loaded).toBe(true);
    const c = await counts(main.database);
    expect(c).toMatchObject({
      mandators: 3,
      areas: 8,
      installations: 25,
      ropes: 80,
      sensor_devices: 20,
      smartropes: 5,
      api_keys: 3,
    });
    expect(c.rope_events).toBeGreaterThan(80 * 10);
    expect(c.rope_event_history).toBe(c.rope_events);
    expect(c.tasks).toBeGreaterThan(50);
    expect(c.documents).toBeGreaterThan(50);
    expect(c.sensor_measurements).toBeGreaterThanOrEqual(20 * 365 * 24);
    expect(c.sensor_measurements_1h).toBe(c.sensor_measurements);
    expect(c.sensor_measurements_1m).toBe(c.sensor_measurements);
    const kinds = await rows<{ t: string }>(
      main.database,
      sql`select distinct attributes->>'ropewayType' as t from installations`,
    );
    expect(kinds.map((k) => k.t)).toEqual(
      expect.arrayContaining(['chairlift', 'gondola', 'funicular', 'aerialTramway']),
    );
    const buildings = await rows<{ t: string }>(
      main.database,
      sql`select attributes->>'buildingType' as t from installations`,
    );
    expect(buildings.map((k) => k.t)).toEqual(expect.arrayContaining(['bridge', 'stadium', 'mast']));
  });

  it("leaves the planner the tables' statistics, as autovacuum would (PGlite runs none)", async () => {
    const [events] = await queryRows<{ reltuples: number; count: number }>(
      main.database.db,
      sql`select c.reltuples::float8 as reltuples, (select count(*)::int from rope_events) as count
          from pg_class c where c.relname = 'rope_events'`,
    );
    expect(events!.reltuples).toBe(events!.count);
  });

  it('leaves no table due for the embedded maintenance, so a server started on the demo vacuums nothing', async () => {
    await main.database.db.execute(sql`select pg_stat_force_next_flush()`);
    const tables = await queryRows<{ name: string; live: number; dead: number; changed: number }>(
      main.database.db,
      sql`select relname as name, n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as changed
          from pg_stat_user_tables where schemaname = 'public'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((table) => Object.values(dueFor(table)).some(Boolean))).toEqual([]);
  });

  it('creates the demo accounts with their roles, password and API keys', async () => {
    const accounts = await main.database.db.select().from(users);
    const roleOf = (email: string) => accounts.find((u) => u.email === email)?.roles;
    expect(first.accounts).toEqual([
      { email: 'admin@example.com', role: 'ROLE_ADMIN' },
      { email: 'pm@example.com', role: 'ROLE_PROJECT_MANAGER' },
      { email: 'clientadmin@example.com', role: 'ROLE_CLIENT_ADMIN' },
      { email: 'client@example.com', role: 'ROLE_USER' },
      { email: 'free@example.com', role: 'ROLE_FREE_USER' },
    ]);
    for (const account of first.accounts) expect(roleOf(account.email)).toEqual([account.role]);
    const admin = accounts.find((u) => u.email === 'admin@example.com')!;
    expect(await verifyPassword(admin.passwordHash!, 'ropecockpit-demo')).toBe(true);
    expect(first.password).toBe('ropecockpit-demo');
    const firstMandator = await rows<{ email: string }>(
      main.database,
      sql`select u.email from user_mandators um join users u on u.id = um.user_id where um.mandator_id = (select min(id) from mandators)`,
    );
    expect(firstMandator.map((r) => r.email)).toEqual(
      expect.arrayContaining(['clientadmin@example.com', 'client@example.com']),
    );
    const keys = await rows<{ key_hash: string; prefix: string; roles: string[] }>(
      main.database,
      sql`select k.key_hash, k.prefix, u.roles from api_keys k join users u on u.id = k.user_id order by k.id`,
    );
    expect(first.apiKeys.map((k) => k.role)).toEqual(['ROLE_API_INTERNAL', 'ROLE_API_IMPORT', 'ROLE_API_EXTERNAL']);
    first.apiKeys.forEach((k, i) => {
      expect(keys[i]).toEqual({
        key_hash: sha256(k.key),
        prefix: k.key.slice(0, API_KEY_PREFIX_LENGTH),
        roles: [k.role],
      });
    });
  });

  it('stores attributes that parse with the domain schemas', async () => {
    const column = async (query: SQL) => (await rows<{ v: unknown }>(main.database, query)).map((r) => r.v);
    expectParses(
      installationAttributesSchema.strict(),
      await column(sql`select attributes as v from installations`),
      'installation',
    );
    expectParses(ropeAttributesSchema.strict(), await column(sql`select attributes as v from ropes`), 'rope');
    expectParses(
      truscanAttributesSchema.strict(),
      await column(sql`select truscan_attributes as v from ropes`),
      'truscan',
    );
    expectParses(
      ropeEventAttributesSchema.strict(),
      await column(sql`select attributes as v from rope_events`),
      'event',
    );
    expectParses(
      ropeEventAttributesSchema.strict(),
      await column(sql`select attributes as v from rope_event_history`),
      'history',
    );
    expectParses(taskAttributesSchema.strict(), await column(sql`select attributes as v from tasks`), 'task');
    const settings = sql`select notification_settings as v from installations where notification_settings is not null`;
    expectParses(notificationSettingsSchema.strict(), await column(settings), 'notification settings');
    expectParses(
      notificationStatusSchema,
      await column(sql`select notification_status as v from installations`),
      'status',
    );
    expectParses(sensorAttributesSchema.strict(), await column(sql`select attributes as v from sensors`), 'sensor');
    expectParses(
      sensorDeviceAttributesSchema.strict(),
      await column(sql`select attributes as v from sensor_devices`),
      'device',
    );
    expectParses(
      smartropeEventAttributesSchema.strict(),
      await column(sql`select attributes as v from smartrope_events`),
      'smartrope',
    );
    expectParses(folderTranslationsSchema, await column(sql`select translations as v from folders`), 'folder');
    const phones = await column(sql`select phone as v from users where phone is not null`);
    expect(phones.length).toBeGreaterThan(10);
    for (const phone of phones) expect(toE164(String(phone)), String(phone)).toBe(phone);
  });

  // Issue 23: the demo's notifications were English sentences only, so a German reader saw English in the list.
  it('keeps what each notification says as data, so every reader gets it in their language', async () => {
    const stored = await rows<{ details: NotificationTextInput | null; text: string }>(
      main.database,
      sql`select details, text from notifications order by id`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((row) => row.details === null)).toEqual([]);
    for (const row of stored) {
      expect(notificationTextFor(row, 'en-US')).toBe(row.text);
      expect(notificationTextFor(row, 'de-DE,de;q=0.9')).not.toBe(row.text);
    }
  });

  it('stores every document file with its size', async () => {
    const docs = await rows<{ storage_key: string; size: number; mime_type: string }>(
      main.database,
      sql`select storage_key, size, mime_type from documents`,
    );
    for (const doc of docs) {
      const bytes = (await readStored(main.storage, doc.storage_key))!;
      expect(bytes.length).toBe(doc.size);
      expect((await main.storage.head(doc.storage_key))?.type).toBe(doc.mime_type);
      const magic = bytes.subarray(0, 4).toString('latin1');
      expect(magic).toBe(doc.mime_type === 'application/pdf' ? '%PDF' : '\x89PNG');
    }
    const recent = await rows<{ n: number }>(
      main.database,
      sql`select count(*)::int as n from documents where created_at > timestamptz '2026-11-01' - interval '7 days'`,
    );
    expect(Number(recent[0]?.n)).toBeGreaterThan(0);
  });

  it('loads nothing the second time and shows the same API keys', async () => {
    const before = await counts(main.database);
    const second = await loadDemoData({ db: main.database.db, storage: main.storage, keySecret: main.keySecret });
    expect(second.loaded).toBe(false);
    expect(second.apiKeys).toEqual(first.apiKeys);
    // Another data directory's keys are not this database's: none are shown rather than wrong ones.
    const foreign = await loadDemoData({ db: main.database.db, storage: main.storage, keySecret: 'f'.repeat(64) });
    expect(foreign.apiKeys).toEqual([]);
    expect(await counts(main.database)).toEqual(before);
  });

  it('replaces the well-known keys of earlier versions on the next start', async () => {
    const [legacy] = legacyDemoApiKeys(DEMO_SEED);
    const [current] = first.apiKeys;
    await main.database.db
      .update(apiKeys)
      .set({ keyHash: sha256(legacy!.key) })
      .where(eq(apiKeys.keyHash, sha256(current!.key)));
    const again = await loadDemoData({ db: main.database.db, storage: main.storage, keySecret: main.keySecret });
    expect(again.apiKeys).toEqual(first.apiKeys);
    const hashes = (await main.database.db.select({ hash: apiKeys.keyHash }).from(apiKeys)).map((row) => row.hash);
    expect(hashes).not.toContain(sha256(legacy!.key));
    expect(hashes).toContain(sha256(current!.key));
  });

  it('makes the API keys random per data directory, kept for the next start and readable by its owner only', () => {
    const other = mkdtempSync(join(tmpdir(), 'rope-demo-keys-'));
    dirs.push(other);
    const secret = demoKeySecret(other);
    expect(secret).not.toBe(main.keySecret);
    expect(demoKeySecret(other)).toBe(secret);
    expect(demoKeySecret(main.dir)).toBe(main.keySecret);
    expect(statSync(join(other, DEMO_KEY_SECRET_FILE)).mode & 0o777).toBe(0o600);
    const keys = demoApiKeys(secret).map((k) => k.key);
    for (const [i, key] of first.apiKeys.entries()) {
      expect(key.key).toMatch(/^rc_demo_[a-z]+_[0-9a-f]{32}$/);
      expect(keys[i]).not.toBe(key.key);
    }
  });

  it('places readings, smartrope events and TRUscan state before the load time, reporting at load', async () => {
    const deviceRef = Math.floor(LOADED_AT / HOUR_MS) * HOUR_MS;
    const [readings] = await rows<{ newest: string; oldest: string; stale: number }>(
      main.database,
      sql`select max(last) as newest, min(first) as oldest,
        count(*) filter (where last < ${new Date(deviceRef).toISOString()}::timestamptz)::int as stale
        from (select sensor_id, min(ts) as first, max(ts) as last from sensor_measurements group by 1) as per_sensor`,
    );
    expect(new Date(readings!.newest).getTime()).toBe(deviceRef);
    expect(new Date(readings!.oldest).getTime()).toBe(deviceRef - (365 * 24 - 1) * HOUR_MS);
    expect(readings!.stale).toBe(0);
    const [events] = await rows<{ newest: string; oldest: string; open: number }>(
      main.database,
      sql`select max(occurred_at) as newest, min(occurred_at) as oldest,
        count(*) filter (where not (attributes->>'isAcknowledged')::boolean)::int as open from smartrope_events`,
    );
    expect(new Date(events!.newest).getTime()).toBeLessThan(deviceRef);
    expect(new Date(events!.oldest).getTime()).toBeGreaterThan(deviceRef - 181 * 24 * HOUR_MS);
    expect(events!.open).toBeGreaterThan(0);
    const lastRuns = await rows<{ last: number; next: number }>(
      main.database,
      sql`select (truscan_attributes->>'lastMeasurement')::bigint as last,
        (truscan_attributes->>'nextMeasurement')::bigint as next from ropes where truscan_attributes ? 'lastMeasurement'`,
    );
    expect(lastRuns.length).toBeGreaterThan(0);
    for (const { last, next } of lastRuns) {
      expect(Number(last) * 1000).toBeLessThan(deviceRef);
      expect(Number(next) * 1000).toBeGreaterThan(deviceRef);
      expect(Number(last) * 1000).toBeGreaterThanOrEqual(deviceRef - 30 * HOUR_MS);
    }
  });

  it(
    'produces the same data for the same seed in a fresh database, device times moved with the load time',
    async () => {
      const other = await freshDatabase();
      const later = 7 * 24 * HOUR_MS;
      const result = await loadDemoData({
        db: other.database.db,
        storage: other.storage,
        keySecret: main.keySecret,
        now: LOADED_AT + later,
      });
      expect(result.loaded).toBe(true);
      expect(await fingerprint(other.database, later)).toBe(await fingerprint(main.database));
    },
    TIMEOUT,
  );

  it(
    'refuses clearly when a demo account exists without a demo load record',
    async () => {
      const other = await freshDatabase();
      await other.database.db.insert(users).values({ email: 'Admin@Example.com', roles: ['ROLE_ADMIN'] });
      await expect(
        loadDemoData({ db: other.database.db, storage: other.storage, keySecret: other.keySecret }),
      ).rejects.toThrow(/Admin@Example\.com already exist.*no record of a demo load/);
      expect(await counts(other.database)).toMatchObject({ mandators: 0, ropes: 0, app_meta: 0, documents: 0 });
    },
    TIMEOUT,
  );
});
