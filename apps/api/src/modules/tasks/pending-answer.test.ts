import { pendingTaskAnswerSchema } from '@rope/domain/tasks/views';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope, seedTask } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// GET /tasks/pending goes out as plain JSON, without its schema's pass (routes.ts): what pendingTaskView builds must
// be exactly the schema's fields, no more (a task's description, notes or assignees), none missing.
describe('the dashboard open tasks answer exactly their schema', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = (await seedMandator(t.ctx.db, 'Alpha')).id;
    const installation = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator, 'Zermatt')).id)).id;
    const rope = (await seedRope(t.ctx.db, installation, 'Haul rope')).id;
    await cast.add('clientA', ['ROLE_USER'], [mandator]);
    await seedTask(t.ctx.db, rope, { attributes: { title: 'Past due', dueAt: '2026-01-05T09:00:00.000Z' } });
    await seedTask(t.ctx.db, rope, {
      attributes: { title: 'By cycles', status: 'in-progress', dueCondition: { type: 'bendingCycles', threshold: 5 } },
      assigneeIds: [cast.ids.clientA!],
    });
    await seedTask(t.ctx.db, rope, { attributes: { title: 'Done', status: 'done' } });
  });
  afterAll(() => t.close());

  it('GET /tasks/pending', async () => {
    const answer = (await cast.call('clientA', 'GET', '/tasks/pending')).json();
    expect(answer.tasks.map((task: { title: string }) => task.title)).toEqual(['Past due', 'By cycles']);
    expect(answer.tasks[0]).toMatchObject({ dueAt: '2026-01-05T09:00:00.000Z', pastDue: true, status: 'new' });
    expect(answer.tasks[1]).toMatchObject({ dueAt: null, status: 'in-progress' });
    expect(pendingTaskAnswerSchema.parse(answer)).toEqual(answer);
  });
});
