import { installations, notifications, outbox, ropes, tasks, users } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPlace, HAUL_ROPE, mailsTo, unsubscribe, useMailingApp } from '../../../test/support/notifications.ts';
import { header, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { startScheduleTimer } from '../../infra/queue/schedule-timer.ts';
import type { JobRequest } from '../../infra/queue/types.ts';
import { scanDueTasks } from './scan-due-tasks.ts';
import { scanDueTasksJob } from './scan-due-tasks-job.ts';

describe('due tasks', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  useMailingApp((started) => ({ t, smtp } = started));

  it('tells the assignees once when a task becomes due by date or by bending cycles', async () => {
    const place = await buildPlace(t);
    const [anna, ben, cleo] = [
      await place.person(['ROLE_USER']),
      await place.person(['ROLE_USER']),
      await place.person(['ROLE_USER']),
    ];
    await unsubscribe(t, cleo.id);
    await t.ctx.db
      .update(ropes)
      .set({ attributes: { ...HAUL_ROPE, bendingCyclesUntilNow: 1_200_000 } })
      .where(eq(ropes.id, place.rope.id));
    const create = async (title: string, attributes: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { cookie: anna.cookie },
        payload: {
          task: {
            rope: { id: place.rope.id },
            assignedUsers: [{ id: anna.id }, { id: ben.id }, { id: cleo.id }],
            attributes: { title, description: 'Check it', ...attributes },
          },
        },
      });
      expect(response.statusCode).toBe(200);
      return response.json().task.id as number;
    };
    const byDate = await create('Splice check', { dueAt: '2020-01-01T00:00:00Z' });
    const byCycles = await create('MRT', { dueCondition: { type: 'bendingCycles', threshold: 1_000_000 } });
    await create('Later', { dueAt: '2999-01-01T00:00:00Z' });
    await create('Not yet', { dueCondition: { type: 'bendingCycles', threshold: 5_000_000 } });

    // Two timers in the same slot (two API processes, say) ask for one scan.
    const daily = { queue: scanDueTasksJob.queue, name: scanDueTasksJob.name, everyMs: 86_400_000 };
    const enqueue = (job: JobRequest) => t.ctx.queue.enqueue(job);
    await Promise.all([startScheduleTimer(daily, enqueue).stop(), startScheduleTimer(daily, enqueue).stop()]);
    const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000).toISOString();
    const scans = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `scan-due-tasks:${today}`));
    expect(scans).toHaveLength(1);
    await t.ctx.queue.idle();
    await scanDueTasks(t.ctx);
    await t.ctx.queue.idle();

    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.installationId, place.installation.id), eq(notifications.type, 'taskDue')));
    expect(rows.map((row) => row.text).sort()).toEqual([
      "Task 'MRT' on rope 'Haul rope' of Gondola Zermatt is due at 1,000,000 bending cycles",
      "Task 'Splice check' on rope 'Haul rope' of Gondola Zermatt is due since 01/01/2020 (Europe/Zurich)",
    ]);
    for (const person of [anna, ben]) {
      const mails = mailsTo(smtp, person.email);
      // The assignees read German (the test world): the stored English text, worded again for them.
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Rope Cockpit: Seil «Haul rope» der Anlage Gondola Zermatt: Aufgabe «MRT» ist fällig bei 1.000.000 Biegewechseln',
        'Rope Cockpit: Seil «Haul rope» der Anlage Gondola Zermatt: Aufgabe «Splice check» ist fällig seit 01.01.2020 (Europe/Zurich)',
      ]);
    }
    expect(mailsTo(smtp, cleo.email)).toEqual([]);
    const notified = await t.ctx.db.select().from(tasks).where(eq(tasks.id, byCycles));
    expect(notified[0]!.dueNotifiedAt).toBeInstanceOf(Date);

    // A new due date announces the task again when it falls due.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${byDate}`,
      headers: { cookie: anna.cookie },
      payload: {
        task: {
          rope: { id: place.rope.id },
          assignedUsers: [{ id: anna.id }],
          attributes: { title: 'Splice check', description: 'Check it', dueAt: '2021-06-01T00:00:00Z' },
        },
      },
    });
    expect(patch.statusCode).toBe(200);
    await scanDueTasks(t.ctx);
    await t.ctx.queue.idle();
    const annaMails = mailsTo(smtp, anna.email);
    expect(annaMails.map((mail) => mail.subject)).toContain(
      'Rope Cockpit: Seil «Haul rope» der Anlage Gondola Zermatt: Aufgabe «Splice check» ist fällig seit 01.06.2021 (Europe/Zurich)',
    );
    expect(annaMails).toHaveLength(3);
    expect(mailsTo(smtp, ben.email)).toHaveLength(2);
  });

  it('mails each assignee in their language, naming the day in the installation’s zone, with HTML and List-Unsubscribe', async () => {
    const place = await buildPlace(t);
    await t.ctx.db
      .update(installations)
      .set({ attributes: { timezone: 'Europe/Zurich' } })
      .where(eq(installations.id, place.installation.id));
    const [german, french] = [await place.person(['ROLE_USER']), await place.person(['ROLE_USER'])];
    await t.ctx.db.update(users).set({ languageId: 'DES' }).where(eq(users.id, german.id));
    await t.ctx.db.update(users).set({ languageId: 'FRS' }).where(eq(users.id, french.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: { cookie: german.cookie },
      payload: {
        task: {
          rope: { id: place.rope.id },
          assignedUsers: [{ id: german.id }, { id: french.id }],
          // Due 28.11.2026 at midnight in Zurich, which is still the 27th in UTC.
          attributes: { title: 'Spleisskontrolle', description: 'Prüfen', dueAt: '2026-11-27T23:00:00Z' },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    await scanDueTasks(t.ctx);
    await t.ctx.queue.idle();

    const [stored] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.installationId, place.installation.id), eq(notifications.type, 'taskDue')));
    expect(stored!.text).toBe(
      "Task 'Spleisskontrolle' on rope 'Haul rope' of Gondola Zermatt is due since 11/28/2026 (Europe/Zurich)",
    );
    const [mail, ...more] = mailsTo(smtp, german.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(
      'Rope Cockpit: Seil «Haul rope» der Anlage Gondola Zermatt: Aufgabe «Spleisskontrolle» ist fällig seit 28.11.2026 (Europe/Zurich)',
    );
    expect(mail!.text).toContain('Regel: Aufgabe fällig');
    expect(mail!.text).toMatch(/Ausgelöst am: \d\d\.\d\d\.\d{4}, \d\d:\d\d \(Europe\/Zurich\)/);
    expect(mail!.text).not.toContain('UTC');
    const unsubscribeLink = /abbestellen: (\S+)/.exec(mail!.text)?.[1];
    expect(unsubscribeLink).toMatch(/\/notification\/unsubscribe\//);
    expect(header(mail!, 'List-Unsubscribe')).toBe(`<${unsubscribeLink}>`);
    expect(mail!.html).toContain('<html lang="de-DE">');
    expect(mail!.html).toContain('fällig seit 28.11.2026 (Europe/Zurich)');
    expect(mail!.html).toContain(`<a href="${unsubscribeLink}">Alle Benachrichtigungs-E-Mails abbestellen</a>`);
    const [french1] = mailsTo(smtp, french.email);
    expect(french1!.subject).toContain('est échue depuis le 28/11/2026 (Europe/Zurich)');
    expect(french1!.text).toContain('Règle : Tâche à échéance');
  });
});
