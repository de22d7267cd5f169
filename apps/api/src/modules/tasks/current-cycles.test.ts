import { installations, notifications, ropes, tasks } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedEvents } from '../../../test/support/factories.ts';
import { buildPlace, HAUL_ROPE, mailsTo, useMailingApp } from '../../../test/support/notifications.ts';
import type { TestSmtpServer } from '../../../test/support/smtp-server.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { scanDueTasks } from '../notifications/scan-due-tasks.ts';

const HOUR = 3600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

// Issue 23: a rope measured at 540,000 cycles, 611,210 now by its bending-cycles answer, showed a task due at
// 600,000 as not due, the scan kept silent and the next task was planned from the rope's own older count.
describe("tasks due by bending cycles use the rope's current count", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  useMailingApp((started) => ({ t, smtp } = started));

  it('shows the task past due, announces it and plans the next one at the current count + interval', async () => {
    const place = await buildPlace(t);
    const client = await place.person(['ROLE_USER']);
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: { cookie: client.cookie }, payload });
    // 5 m/s on a 1,800 m loop with 4 bends per revolution, all year round: 40 cycles an hour.
    await t.ctx.db
      .update(installations)
      .set({ attributes: { operatingSpeed: 5, loopLength: 1800, bendsPerRevolution: 4, operatingHoursPerYear: 8766 } })
      .where(eq(installations.id, place.installation.id));
    // The rope's own count, 74,776.6 cycles of running ago, is older than the measurements (TRUscan, MRT).
    await t.ctx.db
      .update(ropes)
      .set({
        attributes: { ...HAUL_ROPE, bendingCyclesUntilNow: 500_000, bendingCyclesUntilNowAt: hoursAgo(1869.415) },
      })
      .where(eq(ropes.id, place.rope.id));
    const measurement = (timestamp: string, bendingCycles: number) => ({
      position: null,
      attributes: { timestamp, recordingType: 'measurement', type: 'mrtInspection', bendingCycles } as const,
    });
    await seedEvents(t.ctx.db, place.rope.id, [
      measurement(hoursAgo(3000), 480_000),
      measurement(hoursAgo(1780.25), 540_000),
    ]);

    const cycles = await call('GET', `/ropes/${place.rope.id}/bendingCycles`);
    expect(cycles.json().bendingCycles).toBe(611_210);

    const created = await call('POST', '/tasks', {
      task: {
        rope: { id: place.rope.id },
        assignedUsers: [{ id: client.id }],
        attributes: {
          title: 'MRT-Prüfung',
          description: 'Alle 100’000 Biegewechsel',
          dueCondition: { type: 'bendingCycles', threshold: 600_000 },
          isRecurring: true,
          recurringConditions: [{ type: 'bendingCycles', threshold: 100_000 }],
        },
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().task.id as number;
    // The rope's task list and the list across ropes.
    for (const url of [`/ropes/${place.rope.id}/tasks`, '/tasks']) {
      const listed = (await call('GET', url)).json().tasks as { id: number; pastDue: boolean }[];
      expect(listed.find((task) => task.id === id)).toMatchObject({ pastDue: true });
    }

    await scanDueTasks(t.ctx);
    await t.ctx.queue.idle();
    const announced = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.installationId, place.installation.id), eq(notifications.type, 'taskDue')));
    expect(announced).toHaveLength(1);
    expect(announced[0]!.text).toContain('MRT-Prüfung');
    expect(mailsTo(smtp, client.email)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row!.dueNotifiedAt).toBeInstanceOf(Date);

    const done = await call('PATCH', `/tasks/${id}`, { task: { attributes: { status: 'done' } } });
    expect(done.statusCode).toBe(200);
    const [next] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, done.json().nextTask.id));
    expect(next!.attributes.dueCondition).toEqual({ type: 'bendingCycles', threshold: 711_210 });
  });
});
