import { installations, ropeEvents, taskNotes, tasks } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { seedArea, seedEvent, seedInstallation, seedRope, seedTask } from '../support/factories.ts';
import { only, pngUpload, type RouteRow, scoped, signedIn } from './route-table.ts';
import type { ActorName, Scope, World } from './world.ts';

const url = (url: string, payload?: object) => ({ url, payload });

/** Readers: everyone with DOMAIN_READ; admins, project managers and internal API keys see every mandator. */
const read = (status = 200) => ({
  ...signedIn(status, { apiImport: 403 }),
  clientAdmin: scoped(status, 404),
  client: scoped(status, 404),
  freeUser: scoped(status, 404),
  apiExternal: scoped(status, 404),
});
const readList = (status = 200) => signedIn(status, { apiImport: 403 });
/** Structure edits (AREA_PARTIAL_EDIT): admins, project managers, client admins of their own mandator. */
const partial = (status: number) => only({ admin: status, projectManager: status, clientAdmin: scoped(status, 404) });
/** Records (DOMAIN_WRITE): people of the mandator and internal API keys; import keys where they deliver data. */
const write = (status: number, withImport = false) =>
  only({
    admin: status,
    projectManager: status,
    apiInternal: status,
    clientAdmin: scoped(status, 404),
    client: scoped(status, 404),
    ...(withImport ? { apiImport: scoped(status, 404) } : {}),
  });

async function tree(w: World, scope: Scope) {
  const area = await seedArea(w.t.ctx.db, w.mandatorOf(scope));
  const installation = await seedInstallation(w.t.ctx.db, area.id);
  const rope = await seedRope(w.t.ctx.db, installation.id);
  return { area, installation, rope };
}

/** An event recorded by the scope's person: the actor, a colleague, or a user of the foreign mandator. */
async function eventIn(w: World, scope: Scope, actor: ActorName) {
  const { rope } = await tree(w, scope);
  const event = await seedEvent(w.t.ctx.db, rope.id, { attributes: { damageCount: 1 } });
  await w.t.ctx.db
    .update(ropeEvents)
    .set({ createdByUserId: w.personOf(scope, actor) })
    .where(eq(ropeEvents.id, event.id));
  return event;
}

const CLIENT_PEOPLE: readonly ActorName[] = ['clientAdmin', 'client', 'freeUser'];

/**
 * A task made by and noted on by the scope's person, and assigned to them where they may hold an external task
 * (internal people and API accounts may not, and a change keeps the assignees valid).
 */
async function taskIn(w: World, scope: Scope, actor: ActorName) {
  const { rope } = await tree(w, scope);
  const person = w.personOf(scope, actor);
  const assignable = scope !== 'own' || CLIENT_PEOPLE.includes(actor);
  const task = await seedTask(w.t.ctx.db, rope.id, {
    attributes: { title: 'Check' },
    assigneeIds: assignable ? [person] : [],
  });
  await w.t.ctx.db.update(tasks).set({ createdByUserId: person }).where(eq(tasks.id, task.id));
  await w.t.ctx.db.insert(taskNotes).values({ taskId: task.id, userId: person, note: 'Mine' });
  return task;
}

async function installationWithImage(w: World, scope: Scope) {
  const { installation } = await tree(w, scope);
  const { key } = await w.t.ctx.storage.put(PNG.sync.write(new PNG({ width: 2, height: 2 })), {
    extension: 'png',
    prefix: 'maps',
    type: 'image/png',
  });
  await w.t.ctx.db
    .update(installations)
    .set({ attributes: { isMap: true, mapImageUri: key, mapImageWidth: 2, mapImageHeight: 2 } })
    .where(eq(installations.id, installation.id));
  return installation;
}

function csv(content: string) {
  const boundary = '----matrix-csv';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tasks.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const eventBody = (ropeId: number) => ({
  ropeEvent: {
    rope: { id: ropeId },
    position: 5,
    attributes: {
      timestamp: '2026-01-02T00:00:00Z',
      recordingType: 'damage',
      type: 'wear',
      crossSectionLossAmount: 1,
      crossSectionLossUnit: 'percent',
    },
  },
});
const inspectionImportBody = (ropeId: number) => ({
  ropeEvent: {
    rope: { id: ropeId },
    position: null,
    attributes: { timestamp: '2026-01-02T00:00:00Z', recordingType: 'measurement', type: 'mrtInspection' },
  },
  damages: [eventBody(ropeId).ropeEvent],
});
const taskBody = (ropeId: number) => ({
  task: { rope: { id: ropeId }, attributes: { title: 'Matrix task', description: 'Made by the matrix' } },
});
const XML = '<inspection><timestamp>2026-01-01T00:00:00Z</timestamp></inspection>';

const areaRows: RouteRow[] = [
  { route: 'GET /api/areas', build: () => url('/api/areas'), expect: readList() },
  { route: 'GET /api/areas/positions', build: () => url('/api/areas/positions'), expect: readList() },
  {
    route: 'POST /api/areas',
    build: (w) => url('/api/areas', { area: { name: 'Matrix area', mandatorId: w.own } }),
    expect: only({ admin: 200 }),
  },
  {
    route: 'GET /api/areas/:id',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}`),
    expect: read(),
  },
  {
    route: 'PATCH /api/areas/:id',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}`, { area: { isMap: false } }),
    expect: partial(204),
  },
  {
    route: 'DELETE /api/areas/:id',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}`),
    expect: only({ admin: 204 }),
  },
  {
    route: 'GET /api/areas/:id/users',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}/users`),
    expect: partial(200),
  },
  {
    route: 'GET /api/areas/:id/installations',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}/installations`),
    expect: read(),
  },
  {
    route: 'POST /api/areas/:id/installations',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}/installations`, { installation: {} }),
    expect: partial(200),
  },
  {
    route: 'GET /api/areas/:id/installations/events/damage-summary',
    scoped: true,
    build: async (w, s) => url(`/api/areas/${(await tree(w, s)).area.id}/installations/events/damage-summary`),
    expect: read(),
  },
];

const inst = async (w: World, s: Scope) => (await tree(w, s)).installation.id;
const installationRows: RouteRow[] = [
  {
    route: 'GET /api/installations/:id',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}`),
    expect: read(),
  },
  {
    route: 'PATCH /api/installations/:id',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}`, { installation: { name: 'Renamed' } }),
    expect: partial(200),
  },
  {
    route: 'DELETE /api/installations/:id',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}`),
    expect: only({ admin: 204 }),
  },
  {
    route: 'POST /api/installations/:id/order-before',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}/order-before`, { installation: { id: null } }),
    expect: partial(204),
  },
  {
    route: 'GET /api/installations/:id/map-image',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${(await installationWithImage(w, s)).id}/map-image`),
    expect: read(),
  },
  {
    route: 'POST /api/installations/:id/map-image',
    scoped: true,
    build: async (w, s) => ({ ...pngUpload(), url: `/api/installations/${await inst(w, s)}/map-image` }),
    expect: partial(200),
  },
  {
    route: 'GET /api/installations/:id/ropes',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}/ropes`),
    expect: read(),
  },
  {
    route: 'POST /api/installations/:id/ropes',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}/ropes`, { rope: {} }),
    expect: partial(200),
  },
  {
    route: 'GET /api/installations/:id/events',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${await inst(w, s)}/events`),
    expect: read(),
  },
];

const rope = async (w: World, s: Scope) => (await tree(w, s)).rope.id;
/**
 * A rope with an event and a task on it, for the reads that check the viewer in the statement that finds the rows (an
 * empty answer alone costs the check that tells a foreign rope): a foreign rope must answer as a missing one with rows.
 */
const ropeWithRows = async (w: World, s: Scope) => {
  const id = await rope(w, s);
  await seedEvent(w.t.ctx.db, id, { attributes: { damageCount: 1 } });
  await seedTask(w.t.ctx.db, id);
  return id;
};
const ropeRows: RouteRow[] = [
  { route: 'GET /api/ropes', build: () => url('/api/ropes'), expect: readList() },
  { route: 'GET /api/ropes/overview', build: () => url('/api/ropes/overview'), expect: readList() },
  {
    route: 'GET /api/ropes/:id',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await rope(w, s)}`),
    expect: read(),
  },
  {
    route: 'PATCH /api/ropes/:id',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await rope(w, s)}`, { rope: { name: 'R' } }),
    expect: partial(200),
  },
  {
    route: 'DELETE /api/ropes/:id',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await rope(w, s)}`),
    expect: only({ admin: 204 }),
  },
  {
    route: 'POST /api/ropes/:id/order-before',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await rope(w, s)}/order-before`, { rope: { id: null } }),
    expect: partial(204),
  },
  {
    route: 'GET /api/ropes/:id/events',
    scoped: true,
    // The rope page's own call: a page, which checks the viewer in the statement that reads it.
    build: async (w, s) => url(`/api/ropes/${await ropeWithRows(w, s)}/events?page=1&pageSize=25`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/events/damage',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await ropeWithRows(w, s)}/events/damage`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/events/lossOverTarget',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await ropeWithRows(w, s)}/events/lossOverTarget`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/bendingCycles',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await ropeWithRows(w, s)}/bendingCycles`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/tasks',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await ropeWithRows(w, s)}/tasks`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/assignable-users',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await rope(w, s)}/assignable-users`),
    expect: read(),
  },
  {
    route: 'POST /api/ropes/:id/tasks/upload',
    scoped: true,
    build: async (w, s) => ({ ...csv('title,description\nA,B\n'), url: `/api/ropes/${await rope(w, s)}/tasks/upload` }),
    expect: write(200),
  },
  {
    route: 'POST /api/ropes/tasks/upload',
    scoped: true,
    build: async (w, s) => ({
      ...csv(`ropeId,title,description\n${await rope(w, s)},A,B\n`),
      url: '/api/ropes/tasks/upload',
    }),
    expect: { ...write(200), clientAdmin: scoped(200, 400), client: scoped(200, 400) },
    note: 'a rope the actor cannot see is refused as a bad row (400), naming the row',
  },
];

const eventRows: RouteRow[] = [
  {
    route: 'POST /api/events',
    scoped: true,
    build: async (w, s) => url('/api/events', eventBody(await rope(w, s))),
    expect: write(200, true),
  },
  {
    route: 'PATCH /api/events/:id',
    scoped: true,
    build: async (w, s, a) =>
      url(`/api/events/${(await eventIn(w, s, a)).id}`, { ropeEvent: { actionStatus: 'seen' } }),
    expect: write(200),
  },
  {
    route: 'DELETE /api/events/:id',
    scoped: true,
    build: async (w, s, a) => url(`/api/events/${(await eventIn(w, s, a)).id}`),
    expect: partial(204),
  },
  {
    route: 'GET /api/events/:id',
    scoped: true,
    build: async (w, s, a) => url(`/api/events/${(await eventIn(w, s, a)).id}`),
    expect: read(),
  },
  {
    route: 'GET /api/events/:id/history',
    scoped: true,
    build: async (w, s, a) => url(`/api/events/${(await eventIn(w, s, a)).id}/history`),
    expect: read(),
  },
  { route: 'GET /api/events', build: () => url('/api/events?limit=5'), expect: readList() },
  {
    route: 'POST /api/events/import',
    scoped: true,
    build: async (w, s) => url('/api/events/import', inspectionImportBody(await rope(w, s))),
    expect: write(200, true),
  },
  {
    route: 'POST /api/events/import/parse',
    build: () => ({ url: '/api/events/import/parse', payload: XML, headers: { 'content-type': 'application/xml' } }),
    expect: only({ admin: 200, projectManager: 200, apiInternal: 200, clientAdmin: 200, client: 200, apiImport: 200 }),
  },
];

const taskRows: RouteRow[] = [
  { route: 'GET /api/tasks', build: () => url('/api/tasks'), expect: readList() },
  { route: 'GET /api/tasks/pending', build: () => url('/api/tasks/pending'), expect: readList() },
  {
    route: 'GET /api/tasks/export',
    build: () => url('/api/tasks/export'),
    expect: only({ admin: 200, projectManager: 200, clientAdmin: 200 }),
    note: "the spec's CSV export right (CHART_CONTROLS): the list a reader sees, as a file",
  },
  {
    route: 'GET /api/ropes/:id/tasks/export',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${await rope(w, s)}/tasks/export`),
    expect: only({ admin: 200, projectManager: 200, clientAdmin: scoped(200, 404) }),
  },
  {
    route: 'GET /api/tasks/upload-template',
    build: () => url('/api/tasks/upload-template'),
    expect: only({ admin: 200, projectManager: 200, apiInternal: 200, clientAdmin: 200, client: 200 }),
  },
  {
    route: 'POST /api/tasks',
    scoped: true,
    build: async (w, s) => url('/api/tasks', taskBody(await rope(w, s))),
    expect: write(200),
  },
  {
    route: 'PATCH /api/tasks/:id',
    scoped: true,
    build: async (w, s, a) => {
      const task = await taskIn(w, s, a);
      return url(`/api/tasks/${task.id}`, taskBody(task.ropeId));
    },
    expect: write(200),
  },
  {
    route: 'DELETE /api/tasks/:id',
    scoped: true,
    build: async (w, s, a) => url(`/api/tasks/${(await taskIn(w, s, a)).id}`),
    expect: write(204),
  },
  {
    route: 'GET /api/tasks/:id/notes',
    scoped: true,
    build: async (w, s, a) => url(`/api/tasks/${(await taskIn(w, s, a)).id}/notes`),
    expect: read(),
  },
];

const referenceRows: RouteRow[] = [
  { route: 'GET /api/intl/country', build: () => url('/api/intl/country'), expect: signedIn(200) },
  { route: 'GET /api/intl/country/', build: () => url('/api/intl/country/'), expect: signedIn(200) },
  { route: 'GET /api/intl/timezone', build: () => url('/api/intl/timezone'), expect: signedIn(200) },
  { route: 'GET /api/intl/timezone/', build: () => url('/api/intl/timezone/'), expect: signedIn(200) },
];

const notificationRows: RouteRow[] = [
  {
    route: 'PUT /api/installations/:id/notification-status',
    scoped: true,
    build: async (w, s) =>
      url(`/api/installations/${(await tree(w, s)).installation.id}/notification-status`, {
        notificationStatus: [{ type: 'damage', isEnabled: false }],
      }),
    expect: write(200),
  },
  {
    route: 'PUT /api/ropes/:id/notification-status',
    scoped: true,
    build: async (w, s) =>
      url(`/api/ropes/${(await tree(w, s)).rope.id}/notification-status`, {
        notificationStatus: [{ type: 'damage', isEnabled: false }],
      }),
    expect: write(200),
  },
  {
    route: 'PATCH /api/installations/:id/notification-setting',
    scoped: true,
    build: async (w, s) =>
      url(`/api/installations/${(await tree(w, s)).installation.id}/notification-setting`, {
        // Without rules no recipient is needed, so the row needs no user that sees the installation.
        notificationSettings: { channels: ['email'], users: [], rules: [] },
      }),
    expect: partial(200),
  },
  {
    route: 'DELETE /api/installations/:id/notification-setting',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${(await tree(w, s)).installation.id}/notification-setting`),
    expect: partial(204),
  },
  {
    route: 'GET /api/installations/:id/notifications',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${(await tree(w, s)).installation.id}/notifications?limit=20`),
    expect: read(),
  },
  {
    route: 'GET /api/installations/:id/smartrope-threshold-state',
    scoped: true,
    build: async (w, s) => url(`/api/installations/${(await tree(w, s)).installation.id}/smartrope-threshold-state`),
    expect: read(),
  },
  { route: 'GET /api/notifications', build: () => url('/api/notifications?limit=10'), expect: readList() },
];

/** The hierarchy, events and tasks: who reads, who edits structure, who records, own and foreign. */
export const DOMAIN_ROWS: RouteRow[] = [
  ...areaRows,
  ...installationRows,
  ...ropeRows,
  ...eventRows,
  ...taskRows,
  ...notificationRows,
  ...referenceRows,
];
