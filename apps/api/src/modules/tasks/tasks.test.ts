import { readFileSync } from 'node:fs';
import { ropes, tasks } from '@rope/db/schema/index';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import {
  seedArea,
  seedEvents,
  seedInstallation,
  seedMandator,
  seedRope,
  seedTask,
  seedUser,
} from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

function csvUpload(content: string | Buffer, filename = 'tasks.csv') {
  const boundary = '----rope-csv';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
// The first row of every fixture holds umlauts, ß, and Windows-1252's own euro sign, dash and quotes.
const described = (separator: string) => `Drähte prüfen${separator} Maß über 5 € – „Außenlitze“ größer`;

// That another mandator's task or rope answers 404 (notes, delete, assignable users), as a missing one, is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('tasks', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeId: number;
  let foreignRopeId: number;
  const task = (attributes: object, extra: object = {}) => ({
    task: {
      rope: { id: ropeId },
      attributes: { title: 'Splice check', description: 'Measure all splices', ...attributes },
      ...extra,
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    ropeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id)
    ).id;
    foreignRopeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id)
    ).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('colleague', ['ROLE_USER'], [mandator.id]);
    await cast.add('clientAdmin', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await cast.add('foreign', ['ROLE_USER'], [other.id]);
    await cast.add('pm', ['ROLE_PROJECT_MANAGER'], []);
  });
  afterAll(() => t.close());

  it("tells a task past due by bending cycles from one not yet due, by the rope's count now", async () => {
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    const rope = await seedRope(t.ctx.db, installation.id);
    await t.ctx.db
      .update(ropes)
      .set({ attributes: { ...rope.attributes, bendingCyclesUntilNow: 500_000 } })
      .where(eq(ropes.id, rope.id));
    const due = await seedTask(t.ctx.db, rope.id, {
      attributes: { dueCondition: { type: 'bendingCycles', threshold: 400_000 } },
    });
    const notYet = await seedTask(t.ctx.db, rope.id, {
      attributes: { dueCondition: { type: 'bendingCycles', threshold: 600_000 } },
    });
    const listed = (await cast.call('pm', 'GET', `/ropes/${rope.id}/tasks`)).json().tasks as {
      id: number;
      pastDue: boolean;
    }[];
    expect(Object.fromEntries(listed.map((row) => [row.id, row.pastDue]))).toEqual({
      [due.id]: true,
      [notYet.id]: false,
    });
    const pendingOfRope = async () =>
      Object.fromEntries(
        (
          (await cast.call('pm', 'GET', '/tasks/pending')).json().tasks as {
            id: number;
            pastDue: boolean;
            rope: { id: number };
          }[]
        )
          .filter((row) => row.rope.id === rope.id)
          .map((row) => [row.id, row.pastDue]),
      );
    // The dashboard's list tells them apart alike.
    expect(await pendingOfRope()).toEqual({ [due.id]: true, [notYet.id]: false });
    // A measured count newer than the rope's own figure is the count now: past 600,000, both are due.
    await seedEvents(t.ctx.db, rope.id, [
      {
        position: null,
        attributes: {
          timestamp: new Date(Date.now() - 3_600_000).toISOString(),
          recordingType: 'measurement',
          type: 'mrtInspection',
          bendingCycles: 650_000,
        } as never,
      },
    ]);
    expect(await pendingOfRope()).toEqual({ [due.id]: true, [notYet.id]: true });
  });

  it('creates a task with assignees and a note, and lists it as pending with its place', async () => {
    const created = await cast.call(
      'client',
      'POST',
      '/tasks',
      task(
        { dueAt: '2020-01-01T00:00:00Z' },
        { assignedUsers: [{ id: cast.ids.colleague }], note: 'Bring the caliper' },
      ),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().task.id;
    const pending = (await cast.call('client', 'GET', '/tasks')).json().tasks;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      id,
      status: 'new',
      pastDue: true,
      assignedUsers: [{ id: cast.ids.colleague }],
      rope: { id: ropeId },
    });
    const notes = (await cast.call('client', 'GET', `/tasks/${id}/notes`)).json().notes;
    expect(notes).toEqual([{ timestamp: expect.any(String), user: { name: 'Test User' }, note: 'Bring the caliper' }]);
    expect((await cast.call('foreign', 'GET', '/tasks')).json().tasks).toEqual([]);
    // The dashboard's list: the same task with what the dashboard shows of it, nothing more.
    expect((await cast.call('client', 'GET', '/tasks/pending')).json().tasks).toEqual([
      {
        id,
        rope: pending[0].rope,
        installation: pending[0].installation,
        area: pending[0].area,
        title: pending[0].title,
        status: 'new',
        dueAt: '2020-01-01T00:00:00.000Z',
        pastDue: true,
      },
    ]);
    expect((await cast.call('foreign', 'GET', '/tasks/pending')).json().tasks).toEqual([]);
    await cast.call('client', 'PATCH', `/tasks/${id}`, { task: { attributes: { status: 'done' } } });
    expect((await cast.call('client', 'GET', '/tasks/pending')).json().tasks).toEqual([]);
  });

  it('creates the next task when a recurring task is done', async () => {
    const recurring = { isRecurring: true, recurringConditions: [{ type: 'periodMonths', threshold: 6 }] };
    const id = (await cast.call('client', 'POST', '/tasks', task(recurring))).json().task.id;
    const done = await cast.call('client', 'PATCH', `/tasks/${id}`, task({ ...recurring, status: 'done' }));
    expect(done.statusCode).toBe(200);
    const next = done.json().nextTask;
    expect(next).toEqual({ id: expect.any(Number) });
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, next.id));
    expect(row).toMatchObject({ status: 'new', previousTaskId: id });
    expect(row!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 150 * 86_400_000);
  });

  it('keeps internal tasks to admins and project managers with internal assignees', async () => {
    expect((await cast.call('client', 'POST', '/tasks', task({ isInternal: true }))).statusCode).toBe(422);
    const wrong = await cast.call(
      'pm',
      'POST',
      '/tasks',
      task({ isInternal: true }, { assignedUsers: [{ id: cast.ids.client }] }),
    );
    expect(wrong.json().message).toBe('An internal task goes to internal users only');
    expect(
      (await cast.call('pm', 'POST', '/tasks', task({ isInternal: true }, { assignedUsers: [{ id: cast.ids.pm }] })))
        .statusCode,
    ).toBe(200);
  });

  it('assigns only people who can see the rope, never other tenants or API accounts', async () => {
    const apiKeyUser = await seedUser(t.ctx.db, { roles: ['ROLE_API_INTERNAL'], mandatorIds: [] });
    const before = (await t.ctx.db.select().from(tasks)).length;
    for (const id of [cast.ids.foreign!, apiKeyUser.id, 999_999]) {
      const refused = await cast.call('client', 'POST', '/tasks', task({}, { assignedUsers: [{ id }] }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        fields: { assignedUsers: 'Assignees must be people who can see this rope' },
      });
    }
    const id = (await cast.call('client', 'POST', '/tasks', task({}))).json().task.id;
    const patched = await cast.call(
      'client',
      'PATCH',
      `/tasks/${id}`,
      task({}, { assignedUsers: [{ id: cast.ids.foreign }] }),
    );
    expect(patched.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(tasks)).length).toBe(before + 1);
    expect(
      (await cast.call('client', 'GET', `/ropes/${ropeId}/tasks`))
        .json()
        .tasks.find((row: { id: number }) => row.id === id).assignedUsers,
    ).toEqual([]);
  });

  it('refuses internal staff as assignees of a client exactly as a foreign or missing user', async () => {
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], mandatorIds: [] });
    const before = (await t.ctx.db.select().from(tasks)).length;
    const answers: { status: number; body: string }[] = [];
    for (const id of [admin.id, cast.ids.pm!, cast.ids.foreign!, 999_999]) {
      const refused = await cast.call('clientAdmin', 'POST', '/tasks', task({}, { assignedUsers: [{ id }] }));
      answers.push({ status: refused.statusCode, body: refused.body });
    }
    expect(answers[0]!.status).toBe(400);
    expect(answers[0]!.body).toContain('"assignedUsers"');
    expect(answers.every((answer) => answer.status === answers[0]!.status && answer.body === answers[0]!.body)).toBe(
      true,
    );
    expect((await t.ctx.db.select().from(tasks)).length).toBe(before);
  });

  it('offers the task dialog the people who can see the rope, to anyone who sees it', async () => {
    const asClient = await cast.call('client', 'GET', `/ropes/${ropeId}/assignable-users`);
    expect(asClient.statusCode).toBe(200);
    const clientIds = asClient.json().users.map((user: { id: number }) => user.id);
    expect(clientIds).toEqual(expect.arrayContaining([cast.ids.client, cast.ids.colleague]));
    // A client makes external tasks only: internal staff are not offered, other tenants never.
    expect(clientIds).not.toContain(cast.ids.pm);
    expect(clientIds).not.toContain(cast.ids.foreign);
    const asPm = (await cast.call('pm', 'GET', `/ropes/${ropeId}/assignable-users`)).json().users;
    expect(asPm.map((user: { id: number }) => user.id)).toEqual(expect.arrayContaining([cast.ids.pm, cast.ids.client]));
    expect(asPm.map((user: { id: number }) => user.id)).not.toContain(cast.ids.foreign);
  });

  it('refuses bad tasks with the spec texts and changes nothing', async () => {
    const before = (await t.ctx.db.select().from(tasks)).length;
    const duplicate = await cast.call(
      'client',
      'POST',
      '/tasks',
      task({
        isRecurring: true,
        recurringConditions: [
          { type: 'periodDays', threshold: 1 },
          { type: 'periodDays', threshold: 2 },
        ],
      }),
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toContain('Non unique type');
    expect((await cast.call('client', 'POST', '/tasks', task({ title: '' }))).statusCode).toBe(400);
    expect(
      (await cast.call('client', 'POST', '/tasks', { task: { ...task({}).task, rope: { id: foreignRopeId } } }))
        .statusCode,
    ).toBe(404);
    expect((await t.ctx.db.select().from(tasks)).length).toBe(before);
  });

  it('imports a CSV file whole, or refuses it whole with row and reason', async () => {
    const good = csvUpload(
      'title,description,dueAt,status\nMRT,Annual MRT,2027-01-10,new\nSplices,Measure splices,,in-progress\n',
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/ropes/${ropeId}/tasks/upload`,
      headers: { ...good.headers, cookie: cast.cookies.client! },
      payload: good.payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().created).toBe(2);
    const before = (await t.ctx.db.select().from(tasks)).length;
    const bad = csvUpload('title,description,status\nA,B,new\nC,D,soon\n');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/ropes/${ropeId}/tasks/upload`,
      headers: { ...bad.headers, cookie: cast.cookies.client! },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    // The client reads German (the test world): the choices are named as the client's file may write them.
    expect(refused.json().message).toBe('Row 3: status must be one of Neu, In Bearbeitung, Erledigt');
    const across = csvUpload(`ropeId,title,description\n${ropeId},A,B\n${foreignRopeId},C,D\n`);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/ropes/tasks/upload',
      headers: { ...across.headers, cookie: cast.cookies.client! },
      payload: across.payload,
    });
    expect(foreign.json().message).toBe(`Row 3: rope ${foreignRopeId} does not exist`);
    // Checked by content, not by name: a workbook named .csv is refused, and so is any other binary file.
    const workbook = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]),
      Buffer.from('[Content_Types].xml'),
      Buffer.alloc(64),
    ]);
    for (const bytes of [workbook, Buffer.from('\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR'), Buffer.from('title\x00,x')]) {
      const notCsv = csvUpload(bytes, 'tasks.csv');
      const wrongType = await t.app.inject({
        method: 'POST',
        url: `/api/ropes/${ropeId}/tasks/upload`,
        headers: { ...notCsv.headers, cookie: cast.cookies.client! },
        payload: notCsv.payload,
      });
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json().message).toBe('The tasks file must be a CSV text file');
    }
    expect((await t.ctx.db.select().from(tasks)).length).toBe(before);
  });

  it.each([
    ['tasks-excel-de-windows-1252.csv', 'a German Excel (semicolons, Windows-1252)', described(';')],
    ['tasks-utf8-bom.csv', 'UTF-8 with a byte-order mark (commas)', described(',')],
    ['tasks-utf8.csv', 'UTF-8 without a byte-order mark (semicolons)', described(';')],
    ['tasks-excel-unicode-text-utf16le.txt', 'Excel\'s "Unicode text" (tabs, UTF-16 with BOM)', described('\t')],
  ])('reads %s, saved as %s, with its umlauts', async (name, _savedAs, description) => {
    const upload = csvUpload(fixture(name), name);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ropes/${ropeId}/tasks/upload`,
      headers: { ...upload.headers, cookie: cast.cookies.client! },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().created).toBe(2);
    const ids = response.json().tasks.map((task: { id: number }) => task.id);
    const rows = await t.ctx.db.select().from(tasks).where(inArray(tasks.id, ids)).orderBy(tasks.id);
    expect(rows.map((row) => [row.attributes.title, row.attributes.description])).toEqual([
      ['Seilprüfung', description],
      ['Ölwechsel', 'Getriebeöl wechseln (ÄÖÜ äöü ß)'],
    ]);
  });

  it('allows no new task on an archived rope', async () => {
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, ropeId));
    expect((await cast.call('client', 'POST', '/tasks', task({}))).statusCode).toBe(422);
    await t.ctx.db.update(ropes).set({ isDeleted: false }).where(eq(ropes.id, ropeId));
  });
});
