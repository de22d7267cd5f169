import type { Db } from '@rope/db/client';
import { apiKeys, appMeta, users } from '@rope/db/schema/index';
import { API_KEY_PREFIX_LENGTH } from '@rope/domain/users/api-keys';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword, sha256 } from '../infra/crypto.ts';
import type { Storage } from '../infra/storage/types.ts';
import { recomputeRopeDamages } from '../modules/damage/index.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoApiKeys,
  demoEmails,
  insertAccounts,
  legacyDemoApiKeys,
} from './accounts.ts';
import { insertDocuments } from './documents.ts';
import { insertEvents } from './events.ts';
import { insertHierarchy } from './hierarchy.ts';
import { insertNotifications } from './notifications.ts';
import { DEMO_REFERENCE_DATE, DEMO_SEED, deviceReferenceOf, Rng } from './random.ts';
import { insertSensors } from './sensors.ts';
import { insertSmartropes } from './smartropes.ts';
import { insertTasks } from './tasks.ts';

/** Bumped when the generated data changes shape; stored with the load record. */
export const DEMO_VERSION = 1;
export const DEMO_META_KEY = 'demo';

export interface DemoLoadResult {
  /** False when the demo data was already present (nothing was written). */
  loaded: boolean;
  accounts: { email: string; role: string }[];
  password: string;
  apiKeys: { role: string; key: string }[];
}

export interface DemoLoadContext {
  db: Db;
  storage: Storage;
  log?: { info(msg: string): void };
  /** Defaults to DEMO_SEED; the same seed always produces the same data. */
  seed?: number;
  /** The data directory's demo key secret (key-secret.ts): the API keys derive from it, never from the seed. */
  keySecret: string;
  /** The load time (ms) device data is placed before; defaults to the clock. */
  now?: number;
}

async function demoRecorded(db: Db): Promise<boolean> {
  const rows = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_META_KEY));
  return rows.length > 0;
}

/** Replaces the well-known keys of earlier versions by this data directory's random ones, keeping their accounts. */
export async function replaceLegacyKeys(db: Db, seed: number, keySecret: string) {
  const fresh = demoApiKeys(keySecret);
  for (const [index, legacy] of legacyDemoApiKeys(seed).entries()) {
    const key = fresh[index]!.key;
    await db
      .update(apiKeys)
      .set({ keyHash: sha256(key), prefix: key.slice(0, API_KEY_PREFIX_LENGTH) })
      .where(eq(apiKeys.keyHash, sha256(legacy.key)));
  }
}

/** The demo keys this data directory derives that the database holds: keys made with another directory are not shown. */
async function storedDemoKeys(db: Db, keySecret: string) {
  const keys = demoApiKeys(keySecret);
  const stored = await db
    .select({ keyHash: apiKeys.keyHash })
    .from(apiKeys)
    .where(
      inArray(
        apiKeys.keyHash,
        keys.map((key) => sha256(key.key)),
      ),
    );
  const hashes = new Set(stored.map((row) => row.keyHash));
  return keys.filter((key) => hashes.has(sha256(key.key)));
}

async function refuseForeignAccounts(db: Db): Promise<void> {
  const emails = demoEmails().map((e) => e.toLowerCase());
  const taken = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  if (taken.length === 0) return;
  const list = taken.map((t) => t.email).join(', ');
  throw new Error(
    `Demo data refused: the account(s) ${list} already exist, but this database has no record of a demo load ` +
      `(app_meta key '${DEMO_META_KEY}'). Load the demo data into an empty database, or remove these accounts first.`,
  );
}

/**
 * Loads the deterministic demo data set in one transaction. A second call finds the app_meta record and
 * returns `loaded: false` without writing; the demo API keys are derived from the seed, so both answers
 * carry the same keys.
 */
export async function loadDemoData(ctx: DemoLoadContext): Promise<DemoLoadResult> {
  const seed = ctx.seed ?? DEMO_SEED;
  const log = (msg: string) => ctx.log?.info(msg);
  const answer = (loaded: boolean, apiKeys = demoApiKeys(ctx.keySecret)): DemoLoadResult => ({
    loaded,
    accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })),
    password: DEMO_PASSWORD,
    apiKeys,
  });
  if (await demoRecorded(ctx.db)) {
    log('Demo data already present; nothing loaded.');
    await replaceLegacyKeys(ctx.db, seed, ctx.keySecret);
    return answer(false, await storedDemoKeys(ctx.db, ctx.keySecret));
  }

  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ref = DEMO_REFERENCE_DATE;
  const loadedAt = ctx.now ?? Date.now();
  const deviceRef = deviceReferenceOf(loadedAt);
  const rng = new Rng(seed);
  const stored: string[] = [];
  let summary = '';
  try {
    const loaded = await ctx.db.transaction(async (tx) => {
      const value = {
        seed,
        loadedAt: new Date(loadedAt).toISOString(),
        version: DEMO_VERSION,
        referenceDate: new Date(ref).toISOString(),
        deviceReferenceDate: new Date(deviceRef).toISOString(),
      };
      const claimed = await tx
        .insert(appMeta)
        .values({ key: DEMO_META_KEY, value })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      if (claimed.length === 0) return false;
      await refuseForeignAccounts(tx);
      const step = (name: string) => log(`Demo data: ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

      const people = await insertAccounts(tx, ctx.keySecret, passwordHash, ref);
      const hierarchy = await insertHierarchy(tx, rng.fork('hierarchy'), people, ref, deviceRef);
      step(`${hierarchy.installations.length} installations, ${hierarchy.ropes.length} ropes`);
      const events = await insertEvents(tx, rng.fork('events'), hierarchy, people, ref);
      step(`${events.length} rope events`);
      // Lists, maps and gauges read the stored damage, computed from the events as an event save would.
      for (const rope of hierarchy.ropes) await recomputeRopeDamages(tx, rope.id);
      step('rope damages');
      const taskCount = await insertTasks(tx, rng.fork('tasks'), hierarchy, people, events, ref);
      const documentCount = await insertDocuments(
        tx,
        ctx.storage,
        stored,
        rng.fork('documents'),
        hierarchy,
        people,
        events,
        ref,
      );
      step(`${taskCount} tasks, ${documentCount} documents`);
      const sensorCounts = await insertSensors(tx, rng.fork('sensors'), hierarchy, deviceRef);
      step(`${sensorCounts.devices} sensor devices with ${sensorCounts.sensors} sensors`);
      const alerts = await insertSmartropes(tx, rng.fork('smartropes'), hierarchy, deviceRef);
      const notificationCount = await insertNotifications(
        tx,
        rng.fork('notifications'),
        hierarchy,
        people,
        events,
        alerts,
        ref,
      );
      summary =
        `${people.mandatorIds.length} mandators, ${hierarchy.areaIds.length} areas, ${hierarchy.installations.length} installations, ` +
        `${hierarchy.ropes.length} ropes, ${events.length} events, ${taskCount} tasks, ${documentCount} documents, ` +
        `${sensorCounts.devices} sensor devices, ${notificationCount} notifications`;
      return true;
    });
    if (!loaded) {
      log('Demo data already present; nothing loaded.');
      return answer(false, await storedDemoKeys(ctx.db, ctx.keySecret));
    }
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.storage.remove(key).catch(() => undefined)));
    throw error;
  }
  // The planner's statistics of the tables just filled: without them it guesses every table nearly empty until
  // autovacuum comes by (a minute on PostgreSQL; on PGlite the hourly embedded maintenance), and the dashboard's
  // latest events sorted all of a mandator's events instead of reading the newest few off their index. The vacuum
  // clears what the load's own updates left, so that a server started on the demo finds no table due.
  await ctx.db.execute(sql`vacuum (analyze)`);
  log(`Demo data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${summary}`);
  return answer(true);
}

/** Lines announcing the demo accounts and API keys, for the server start and the CLI. */
export function formatDemoAccess(result: DemoLoadResult): string[] {
  return [
    `Demo accounts (password "${result.password}"):`,
    ...result.accounts.map((a) => `  ${a.email.padEnd(26)} ${a.role}`),
    'Demo API keys (Authorization: Bearer <key>):',
    ...result.apiKeys.map((k) => `  ${k.role.padEnd(18)} ${k.key}`),
  ];
}
