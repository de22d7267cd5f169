import { queryRows } from '@rope/db/client';
import {
  documents,
  idempotentRequests,
  notificationDeliveries,
  notifications,
  outbox,
  truscanRequests,
  webhookDeliveries,
} from '@rope/db/schema/index';
import { eq, like, sql } from 'drizzle-orm';
import {
  seedArea,
  seedEvent,
  seedInstallation,
  seedMandator,
  seedNotification,
  seedRope,
  seedStoredDocument,
  seedTask,
  seedUser,
} from './factories.ts';
import { buildPlace, configure } from './notifications.ts';
import { phonePhoto } from './photo.ts';
import type { TestSmtpServer } from './smtp-server.ts';
import type { TestApp } from './test-app.ts';
import { seedWebhookDelivery, seedWebhookEndpoint } from './webhook-factories.ts';

export interface SampleScene {
  payload: Record<string, unknown>;
  /** What the job changes, read so that two reads of the same state are equal. */
  effect(): Promise<unknown>;
}

/** How the job contract test runs one registered job: a scene to run it in and a payload its schema refuses. */
export interface JobSample {
  arrange(t: TestApp, smtp: TestSmtpServer, tag: string): Promise<SampleScene>;
  bad: Record<string, unknown>;
}

const messageIdsTo = (smtp: TestSmtpServer, email: string) =>
  [...new Set(smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.messageId))].sort();

const notificationsOf = (t: TestApp, installationId: number) =>
  t.ctx.db
    .select({ type: notifications.type, text: notifications.text })
    .from(notifications)
    .where(eq(notifications.installationId, installationId))
    .orderBy(notifications.id);

/** One sample per registered job, keyed `queue/name`; the contract test fails for a job without one. */
export const JOB_SAMPLES: Record<string, JobSample> = {
  'mail/send': {
    async arrange(_t, smtp, tag) {
      const to = `${tag.toLowerCase()}@contract.test`;
      // A repeat may reach the server again, but as the same message: the Message-IDs stay one.
      return {
        payload: { to, subject: 'Your sign-in code', text: '123456' },
        effect: async () => messageIdsTo(smtp, to),
      };
    },
    bad: { to: 'not an address', subject: 'x', text: 'x' },
  },
  'notifications/evaluate': {
    async arrange(t) {
      const place = await buildPlace(t);
      const editor = await place.person(['ROLE_CLIENT_ADMIN']);
      await configure(
        t,
        place.installation.id,
        { channels: ['email'], users: [editor.id], rules: [{ type: 'damage', reset: true }] },
        editor.cookie,
      );
      const event = await seedEvent(t.ctx.db, place.rope.id);
      return {
        payload: { kind: 'event', id: event.id, ropeId: place.rope.id, recordingType: 'damage', type: 'wireBreak' },
        effect: () => notificationsOf(t, place.installation.id),
      };
    },
    bad: { kind: 'event', id: 'seven', ropeId: 1, recordingType: 'damage', type: 'wireBreak' },
  },
  'notifications/scan-due-tasks': {
    async arrange(t) {
      const place = await buildPlace(t);
      const assignee = await place.person(['ROLE_USER']);
      await seedTask(t.ctx.db, place.rope.id, {
        attributes: { title: 'Splice check', dueAt: '2020-01-01T00:00:00Z' },
        assigneeIds: [assignee.id],
      });
      return { payload: {}, effect: () => notificationsOf(t, place.installation.id) };
    },
    bad: { slot: '2026-01-01T00:00:00.000Z' },
  },
  'deliveries/deliver': {
    async arrange(t, smtp) {
      const place = await buildPlace(t);
      const person = await place.person(['ROLE_USER']);
      const { deliveries } = await seedNotification(t.ctx.db, {
        installationId: place.installation.id,
        areaId: place.area.id,
        ropeId: place.rope.id,
        deliveries: [{ userId: person.id }],
      });
      const deliveryId = deliveries[0]!.id;
      const status = async () =>
        (await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, deliveryId)))[0]!
          .status;
      return {
        payload: { deliveryId },
        // A delivery already sent is skipped: a repeat sends nothing.
        effect: async () => ({
          status: await status(),
          mails: smtp.mails.filter((mail) => mail.to.includes(person.email.toLowerCase())).length,
        }),
      };
    },
    bad: { deliveryId: -1 },
  },
  'deliveries/deliver-all': {
    async arrange(t, smtp) {
      const place = await buildPlace(t);
      const people = [await place.person(['ROLE_USER']), await place.person(['ROLE_USER'])];
      const { deliveries } = await seedNotification(t.ctx.db, {
        installationId: place.installation.id,
        areaId: place.area.id,
        ropeId: place.rope.id,
        deliveries: people.map((person) => ({ userId: person.id })),
      });
      const deliveryIds = deliveries.map((delivery) => delivery.id);
      return {
        payload: { deliveryIds },
        // Each recipient's mail once, both marked sent: a repeat sends nothing.
        effect: async () => ({
          statuses: (
            await t.ctx.db
              .select({ status: notificationDeliveries.status })
              .from(notificationDeliveries)
              .where(eq(notificationDeliveries.notificationId, deliveries[0]!.notificationId))
              .orderBy(notificationDeliveries.id)
          ).map((row) => row.status),
          mails: people.map(
            (person) => smtp.mails.filter((mail) => mail.to.includes(person.email.toLowerCase())).length,
          ),
        }),
      };
    },
    bad: { deliveryIds: [] },
  },
  'devices/truscan-measurement': {
    async arrange(t, _smtp, tag) {
      const mandator = await seedMandator(t.ctx.db);
      const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
      const rope = await seedRope(t.ctx.db, installation.id);
      const [request] = await t.ctx.db
        .insert(truscanRequests)
        .values({ ropeId: rope.id, reason: `Contract ${tag}` })
        .returning();
      // The request is sent once; the time it was sent stays that of the first run.
      const effect = async () =>
        (
          await t.ctx.db
            .select({ status: truscanRequests.status, sentAt: truscanRequests.sentAt })
            .from(truscanRequests)
            .where(eq(truscanRequests.id, request!.id))
        ).map((row) => ({ status: row.status, sentAt: row.sentAt?.getTime() ?? null }));
      return { payload: { requestId: request!.id }, effect };
    },
    bad: { requestId: 'first' },
  },
  'maintenance/prune-outbox': {
    async arrange(t, _smtp, tag) {
      const longAgo = new Date(Date.now() - 400 * 86_400_000);
      await t.ctx.db.insert(outbox).values(
        ['old', 'recent'].map((age) => ({
          queue: 'mail',
          name: 'send',
          payload: {},
          idempotencyKey: `${tag}:row-${age}`,
          dispatchedAt: age === 'old' ? longAgo : new Date(),
          createdAt: age === 'old' ? longAgo : new Date(),
        })),
      );
      const left = async () =>
        (
          await t.ctx.db
            .select({ key: outbox.idempotencyKey })
            .from(outbox)
            .where(like(outbox.idempotencyKey, `${tag}:row-%`))
        )
          .map((row) => row.key)
          .sort();
      return { payload: {}, effect: left };
    },
    bad: { batch: 10 },
  },
  'webhooks/drain': {
    async arrange(t) {
      const mandatorId = (await seedMandator(t.ctx.db)).id;
      const owner = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [mandatorId] });
      const { endpoint } = await seedWebhookEndpoint(t.ctx, { mandatorId, ownerUserId: owner.id });
      await seedWebhookDelivery(t.ctx, endpoint.id);
      await t.ctx.db
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, deliveredAt: null })
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      // Nothing listens at the endpoint: the run records a failed attempt and plans the retry; a repeat finds it not due.
      const effect = () =>
        t.ctx.db
          .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id));
      return { payload: { endpointId: endpoint.id }, effect };
    },
    bad: { endpointId: 'first' },
  },
  'maintenance/prune-webhook-deliveries': {
    async arrange(t) {
      const mandatorId = (await seedMandator(t.ctx.db)).id;
      const owner = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [mandatorId] });
      const { endpoint } = await seedWebhookEndpoint(t.ctx, { mandatorId, ownerUserId: owner.id });
      const old = await seedWebhookDelivery(t.ctx, endpoint.id);
      await seedWebhookDelivery(t.ctx, endpoint.id);
      await t.ctx.db
        .update(webhookDeliveries)
        .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
        .where(eq(webhookDeliveries.id, old.id));
      const effect = async () =>
        (
          await t.ctx.db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, endpoint.id))
        ).length;
      return { payload: {}, effect };
    },
    bad: { batch: 10 },
  },
  'maintenance/prune-idempotency-keys': {
    async arrange(t) {
      const user = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
      const lease = new Date(Date.now() + 60_000);
      const row = { userId: user.id, fingerprint: 'f'.repeat(64), state: 'done' as const, leaseUntil: lease };
      await t.ctx.db.insert(idempotentRequests).values([
        { ...row, key: 'old', createdAt: new Date(Date.now() - 31 * 86_400_000) },
        { ...row, key: 'recent' },
      ]);
      const effect = async () =>
        (
          await t.ctx.db
            .select({ key: idempotentRequests.key })
            .from(idempotentRequests)
            .where(eq(idempotentRequests.userId, user.id))
        ).map((kept) => kept.key);
      return { payload: {}, effect };
    },
    bad: { batch: 10 },
  },
  'maintenance/clean-old-photos': {
    async arrange(t) {
      const mandatorId = (await seedMandator(t.ctx.db)).id;
      const area = await seedArea(t.ctx.db, mandatorId);
      const rope = await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, area.id)).id);
      const event = await seedEvent(t.ctx.db, rope.id);
      const row = await seedStoredDocument(t.ctx, event.id, {
        name: 'Old.jpg',
        content: await phonePhoto({ width: 40, height: 30 }),
        mimeType: 'image/jpeg',
        extension: 'jpg',
        storedUncleaned: true,
      });
      // Cleaned once under a new key: a repeat finds nothing left to do.
      const effect = async () => {
        const [now] = await t.ctx.db.select().from(documents).where(eq(documents.id, row.id));
        return { uncleaned: now!.storedUncleaned, moved: now!.storageKey !== row.storageKey };
      };
      return { payload: {}, effect };
    },
    bad: { batch: 10 },
  },
  'maintenance/maintain-embedded-database': {
    async arrange(t, _smtp, tag) {
      const name = `maintenance_${tag.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
      const table = sql.identifier(name);
      // 1,000 rows updated three times: 3,000 dead rows, past autovacuum's 50 and a fifth of the live rows.
      await t.ctx.db.execute(sql`create table ${table} (id int primary key, v int)`);
      await t.ctx.db.execute(sql`insert into ${table} select g, 0 from generate_series(1, 1000) g`);
      await t.ctx.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i += 1) await tx.execute(sql`update ${table} set v = v + 1`);
        // The statistics are sent at the transaction's end, not seconds later.
        await tx.execute(sql`select pg_stat_force_next_flush()`);
      });
      const stats = async () =>
        (
          await queryRows<{ dead: number; vacuums: number }>(
            t.ctx.db,
            sql`select n_dead_tup::int as dead, vacuum_count::int as vacuums from pg_stat_user_tables
                where schemaname = 'public' and relname = ${name}`,
          )
        )[0];
      for (let waited = 0; ((await stats())?.dead ?? 0) < 3000; waited += 100) {
        if (waited > 15_000) throw new Error(`${name}: the statistics never showed its dead rows`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Vacuumed once: a repeat finds it no longer due.
      return { payload: {}, effect: async () => (await stats())?.vacuums };
    },
    bad: { tables: ['ropes'] },
  },
};
