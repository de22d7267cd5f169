import { readFile } from 'node:fs/promises';
import { notificationDeliveries, ropeEvents, ropes, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedRope } from '../../../test/support/factories.ts';
import {
  buildPlace,
  configure,
  damageUntilHealthBelow,
  HAUL_ROPE,
  HEALTH_BELOW_HALF,
  mailsTo as mailsIn,
  notificationsOf as notificationsIn,
  postDamage,
  ropeHealth,
  unsubscribe,
  useMailingApp,
  WORKED_EXAMPLE,
  watchedPlace,
} from '../../../test/support/notifications.ts';
import type { TestSmtpServer } from '../../../test/support/smtp-server.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

describe('rule evaluation end to end (inline queue, real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  useMailingApp((started) => ({ t, smtp } = started), { PUBLIC_URL: 'https://cockpit.example.com' });
  const notificationsOf = (installationId: number) => notificationsIn(t, installationId);
  const mailsTo = (email: string) => mailsIn(smtp, email);

  it('tells each recipient once when health falls below the threshold, and not again without recovery', async () => {
    const place = await buildPlace(t);
    const editor = await place.person(['ROLE_CLIENT_ADMIN']);
    const alice = await place.person(['ROLE_USER']);
    const bob = await place.person(['ROLE_USER']);
    const carol = await place.person(['ROLE_USER']);
    await unsubscribe(t, carol.id);
    await configure(
      t,
      place.installation.id,
      { channels: ['email'], users: [alice.id, bob.id, carol.id], rules: [HEALTH_BELOW_HALF] },
      editor.cookie,
    );
    const health = await damageUntilHealthBelow(t, place.rope.id, editor.cookie, 50);
    await t.ctx.queue.idle();
    const [notification, ...more] = await notificationsOf(place.installation.id);
    expect(more).toEqual([]);
    expect(notification).toMatchObject({ type: 'ropeHealth', threshold: 50, ropeId: place.rope.id });
    expect(notification!.text).toBe(
      `The health of rope 'Haul rope' of Gondola Zermatt fell below 50 % (now ${Math.round(health * 10) / 10} %)`,
    );
    for (const person of [alice, bob]) {
      const [mail, ...others] = mailsTo(person.email);
      expect(others).toEqual([]);
      // The recipients read German (the test world): the subject words the notification again in their language.
      const now = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(health);
      expect(mail!.subject).toBe(
        `Rope Cockpit: Seil «Haul rope» der Anlage Gondola Zermatt: Seilzustand unter 50 % gefallen (jetzt ${now} %)`,
      );
      expect(mail!.text).toContain(
        `https://cockpit.example.com/areas/${place.area.id}/installations/${place.installation.id}/ropes/${place.rope.id}`,
      );
      expect(mail!.text).toMatch(
        new RegExp(
          `https://cockpit\\.example\\.com/notification/unsubscribe/${encodeURIComponent(person.email)}\\?token=[0-9a-f]{64}`,
        ),
      );
    }
    expect(mailsTo(carol.email)).toEqual([]);
    const deliveries = await t.ctx.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notification!.id));
    expect(deliveries.map((row) => [row.userId, row.status, row.attempts]).sort()).toEqual(
      [
        [alice.id, 'sent', 1],
        [bob.id, 'sent', 1],
      ].sort(),
    );

    expect((await postDamage(t, editor.cookie, place.rope.id, 100.02, 3)).ropeChanged).toBe(true);
    expect(await ropeHealth(t, place.rope.id)).toBeLessThan(health);
    await t.ctx.queue.idle();
    expect(await notificationsOf(place.installation.id)).toHaveLength(1);
    expect(mailsTo(alice.email)).toHaveLength(1);

    // Recovery (the damages deleted) re-arms the rule; the next crossing notifies again.
    const events = await t.ctx.db.select().from(ropeEvents).where(eq(ropeEvents.ropeId, place.rope.id));
    for (const event of events) {
      await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: { cookie: editor.cookie } });
    }
    expect(await ropeHealth(t, place.rope.id)).toBe(100);
    await t.ctx.queue.idle();
    await damageUntilHealthBelow(t, place.rope.id, editor.cookie, 50);
    await t.ctx.queue.idle();
    expect(await notificationsOf(place.installation.id)).toHaveLength(2);
    expect(mailsTo(alice.email)).toHaveLength(2);
  });

  it('neither fires nor re-arms on an unknown health, and fires once when the settings are completed', async () => {
    const { place, editor } = await watchedPlace(t);
    const settings = async (attributes: object) => {
      const answer = await t.app.inject({
        method: 'PATCH',
        url: `/api/ropes/${place.rope.id}`,
        headers: { cookie: editor.cookie },
        payload: { rope: { attributes } },
      });
      expect(answer.statusCode).toBe(200);
      await t.ctx.queue.idle();
    };
    const { nominalDiameter: _, ...withoutDiameter } = HAUL_ROPE;
    // Crossed once: one notification.
    await damageUntilHealthBelow(t, place.rope.id, editor.cookie, 50);
    await t.ctx.queue.idle();
    expect(await notificationsOf(place.installation.id)).toHaveLength(1);
    // The diameter removed: health unknown, which is no recovery, so completing it again does not notify twice.
    // PATCH merges attributes key by key: null removes the diameter.
    await settings({ nominalDiameter: null });
    expect(await ropeHealth(t, place.rope.id)).toBeNull();
    await settings(HAUL_ROPE);
    expect(await notificationsOf(place.installation.id)).toHaveLength(1);

    // A rope below the threshold while unknown: nothing until the settings are complete, then one notification.
    const other = await seedRope(t.ctx.db, place.installation.id, 'Counter rope');
    await t.ctx.db.update(ropes).set({ attributes: withoutDiameter }).where(eq(ropes.id, other.id));
    for (const [position, count] of WORKED_EXAMPLE) await postDamage(t, editor.cookie, other.id, position, count);
    await t.ctx.queue.idle();
    expect(await ropeHealth(t, other.id)).toBeNull();
    expect(await notificationsOf(place.installation.id)).toHaveLength(1);
    const completed = await t.app.inject({
      method: 'PATCH',
      url: `/api/ropes/${other.id}`,
      headers: { cookie: editor.cookie },
      payload: { rope: { attributes: HAUL_ROPE } },
    });
    expect(completed.statusCode).toBe(200);
    await t.ctx.queue.idle();
    const fired = await notificationsOf(place.installation.id);
    expect(fired.filter((row) => row.ropeId === other.id)).toHaveLength(1);
  });

  it('sends nothing for a rule muted on the installation or on the rope', async () => {
    for (const where of ['installation', 'rope'] as const) {
      const { place, editor, alice } = await watchedPlace(t);
      const url =
        where === 'rope'
          ? `/api/ropes/${place.rope.id}/notification-status`
          : `/api/installations/${place.installation.id}/notification-status`;
      const muted = await t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: editor.cookie },
        payload: { notificationStatus: [{ type: 'ropeHealth', isEnabled: false }] },
      });
      expect(muted.statusCode).toBe(200);
      await damageUntilHealthBelow(t, place.rope.id, editor.cookie, 50);
      await t.ctx.queue.idle();
      expect(await notificationsOf(place.installation.id)).toEqual([]);
      expect(mailsTo(alice.email)).toEqual([]);
    }
  });

  it('notifies each new event of a watched type, on email and SMS, and writes the rest of the channels', async () => {
    const { place, editor, alice } = await watchedPlace(t, {
      channels: ['email', 'sms'],
      rules: [{ type: 'wireBreak', reset: true }],
      editorToo: true,
    });
    await t.ctx.db.update(users).set({ phone: '+41 79 000 00 00' }).where(eq(users.id, alice.id));
    for (const position of [10, 20]) await postDamage(t, editor.cookie, place.rope.id, position, 1);
    await t.ctx.queue.idle();
    const rows = await notificationsOf(place.installation.id);
    expect(rows.map((row) => row.text)).toEqual([
      "New event (Damage: Wire break) on rope 'Haul rope' of Gondola Zermatt",
      "New event (Damage: Wire break) on rope 'Haul rope' of Gondola Zermatt",
    ]);
    expect(mailsTo(alice.email)).toHaveLength(2);
    expect(mailsTo(editor.email)).toHaveLength(2);
    const sms = (await readFile(`${t.dataDir}/outbox/sms.log`, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(sms.filter((entry) => entry.phone === '+41790000000')).toHaveLength(2);
  });
});
