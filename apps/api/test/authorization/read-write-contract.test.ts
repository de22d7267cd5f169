import { documents } from '@rope/db/schema/index';
import { afterAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedRope, seedUser } from '../support/factories.ts';
import { listDocRoutes, loadOpenApi, setAt } from '../support/openapi.ts';
import { signIn } from '../support/sign-in.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * What a read returns, a write accepts, for every PATCH route of the OpenAPI document: the
 * entity as GET answers it, written back unchanged, answers 2xx and changes nothing; a PATCH of one field changes
 * that field only; the GET body is a template for POST where the entity has one. A PATCH route without a case
 * below fails the first test.
 */
const t = await createTestApp();
afterAll(() => t.close());
const doc = await loadOpenApi(t.app);

const mandator = await seedMandator(t.ctx.db, 'Contract mandator');
const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], email: 'contract-admin@contract.test' });
const member = await seedUser(t.ctx.db, { mandatorIds: [mandator.id], email: 'contract-member@contract.test' });
const area = await seedArea(t.ctx.db, mandator.id);
const installation = await seedInstallation(t.ctx.db, area.id);
const rope = await seedRope(t.ctx.db, installation.id);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
async function call(method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie: await signIn(t.ctx, admin) },
    ...(payload ? { payload } : {}),
  });
}
async function ok(method: Method, url: string, payload?: object) {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.statusCode === 204 ? undefined : response.json();
}

await ok('PATCH', `/areas/${area.id}`, { area: { latlng: [46.5, 7.5], adminUserId: member.id } });
await ok('PATCH', `/ropes/${rope.id}`, {
  rope: { attributes: { ropeType: 'strandedRope', nominalDiameter: 40, comment: 'first' } },
});
await ok('PATCH', `/installations/${installation.id}/notification-setting`, {
  notificationSettings: { channels: ['email'], users: [member.id], rules: [{ type: 'ropeHealth', threshold: 50 }] },
});
const eventId = (
  await ok('POST', '/events', {
    ropeEvent: {
      rope: { id: rope.id },
      position: 12.5,
      attributes: {
        timestamp: '2026-02-01T08:00:00Z',
        recordingType: 'damage',
        type: 'wireBreak',
        damageCount: 2,
        description: 'Two broken wires',
      },
    },
  })
).ropeEvent.id;
const taskId = (
  await ok('POST', '/tasks', {
    task: {
      rope: { id: rope.id },
      assignedUsers: [{ id: member.id }],
      attributes: { title: 'Inspect', description: 'Inspect the splice', dueAt: '2026-06-01T00:00:00.000Z' },
    },
  })
).task.id;

const [documentRow] = await t.ctx.db
  .insert(documents)
  .values({
    name: 'Contract.pdf',
    mimeType: 'application/pdf',
    storageKey: 'documents/x',
    size: 1,
    targetType: 'area',
    targetId: area.id,
  })
  .returning();
const folderId = (
  await ok('POST', '/folders', {
    folder: { name: 'Contract', translations: { DES: 'Vertrag', FRS: 'Contrat', ESP: 'Contrato' } },
  })
).folder.id;
const sensorDeviceId = (
  await ok('POST', '/sensor-devices', {
    sensorDevice: {
      name: 'Contract device',
      rope: { id: rope.id },
      attributes: { firmware: '2.4.1' },
      sensors: [
        {
          name: 'Tension',
          attributes: { chartTitle: 'Tension', yMin: 0, yMax: 400, plotlines: [{ name: 'Alarm', position: 350 }] },
        },
      ],
    },
  })
).sensorDevice.id;
const smartropeId = (
  await ok('POST', '/smartropes', {
    smartrope: {
      name: 'Contract smartrope',
      uuid: 'CONTRACT-1',
      rope: { id: rope.id },
      sensors: [{ name: 'Strain', unit: 'µm/m' }],
    },
  })
).smartrope.id;
const webhookId = (
  await ok('POST', '/webhooks', {
    endpoint: { mandatorId: mandator.id, url: 'https://hooks.example.com/contract', eventTypes: ['task.created'] },
  })
).endpoint.id;
const smartropeEventId = (
  await ok('POST', `/smartropes/${smartropeId}/events`, {
    event: {
      sensorName: 'Strain',
      type: 'threshold',
      unixTimestamp: 1_790_000_000,
      measurements: [{ unixTimestamp: 1_790_000_000, value: 900 }],
    },
  })
).event.id;

interface Case {
  /** The body's wrapper key; none for calls about the person themself. */
  key?: string;
  /** Where the entity is read and how to find it in the answer. */
  read: { method?: Method; url: string; pick: (answer: Record<string, unknown>) => Record<string, unknown> };
  /** A PATCH of one field, and every field of the read it changes (a task's status shows twice). */
  one?: { patch: Record<string, unknown>; changes: [string[], unknown][] };
  /** Why there is no one-field case. */
  oneMissing?: string;
  /** Where the read body is sent as a template for a new entity, and what must differ in the copy. */
  post?: { url: string; differ?: Record<string, unknown> };
}

const byId = (list: string, id: number) => (answer: Record<string, unknown>) =>
  (answer[list] as { id: number }[]).find((item) => item.id === id) as Record<string, unknown>;

const CASES: Record<string, Case> = {
  'PATCH /api/areas/{id}': {
    key: 'area',
    read: { url: `/areas/${area.id}`, pick: (a) => a.area as Record<string, unknown> },
    one: { patch: { mapZoom: 9.5 }, changes: [[['mapZoom'], 9.5]] },
    post: { url: '/areas', differ: { name: 'Copied area' } },
  },
  'PATCH /api/installations/{id}': {
    key: 'installation',
    read: { url: `/installations/${installation.id}`, pick: (a) => a.installation as Record<string, unknown> },
    one: {
      patch: { attributes: { objectName: 'Valley lift' } },
      changes: [[['attributes', 'objectName'], 'Valley lift']],
    },
    post: { url: `/areas/${area.id}/installations`, differ: { name: 'Copied installation' } },
  },
  'PATCH /api/ropes/{id}': {
    key: 'rope',
    read: { url: `/ropes/${rope.id}`, pick: (a) => a.rope as Record<string, unknown> },
    one: { patch: { attributes: { comment: 'second' } }, changes: [[['attributes', 'comment'], 'second']] },
    post: { url: `/installations/${installation.id}/ropes`, differ: { name: 'Copied rope' } },
  },
  'PATCH /api/events/{id}': {
    key: 'ropeEvent',
    read: { url: `/events/${eventId}`, pick: (a) => a.ropeEvent as Record<string, unknown> },
    one: { patch: { attributes: { actionStatus: 'seen' } }, changes: [[['attributes', 'actionStatus'], 'seen']] },
    post: { url: '/events' },
  },
  'PATCH /api/tasks/{id}': {
    key: 'task',
    read: { url: `/tasks/${taskId}/notes`, pick: () => ({}) },
    one: {
      patch: { attributes: { status: 'in-progress' } },
      changes: [
        [['attributes', 'status'], 'in-progress'],
        [['status'], 'in-progress'],
      ],
    },
    post: { url: '/tasks' },
  },
  'PATCH /api/installations/{id}/notification-setting': {
    key: 'notificationSettings',
    read: {
      url: `/installations/${installation.id}`,
      pick: (a) => (a.installation as Record<string, unknown>).notificationSettings as Record<string, unknown>,
    },
    one: { patch: { channels: ['email', 'sms'] }, changes: [[['channels'], ['email', 'sms']]] },
  },
  'PATCH /api/users/{id}': {
    key: 'user',
    read: { url: `/users/${member.id}`, pick: (a) => a.user as Record<string, unknown> },
    one: { patch: { firstname: 'Probe' }, changes: [[['firstname'], 'Probe']] },
    post: { url: '/users', differ: { email: 'contract-copy@contract.test', password: 'contract-pass-1' } },
  },
  'PATCH /api/mandators/{id}': {
    key: 'mandator',
    read: { url: '/mandators', pick: byId('mandators', mandator.id) },
    one: { patch: { passwordExpiryDays: 90 }, changes: [[['passwordExpiryDays'], 90]] },
    post: { url: '/mandators', differ: { name: 'Copied mandator' } },
  },
  'PATCH /api/users/self': {
    read: { method: 'POST', url: '/login/check', pick: (a) => a.user as Record<string, unknown> },
    one: { patch: { languageId: 'DES' }, changes: [[['languageId'], 'DES']] },
  },
  'PATCH /api/documents/{id}': {
    key: 'document',
    read: { url: `/areas/${area.id}/documents`, pick: byId('documents', documentRow!.id) },
    one: {
      patch: { location: 'FRS' },
      changes: [
        [['location'], 'FRS'],
        [['languages'], ['FRS']],
        // The admin reads in English or German (another case changes it), never in French.
        [['inLanguage'], false],
      ],
    },
  },
  'PATCH /api/folders/{id}': {
    key: 'folder',
    read: { url: '/folders', pick: byId('folders', folderId) },
    one: { patch: { translations: { FRS: 'Classeur' } }, changes: [[['translations', 'FRS'], 'Classeur']] },
    post: { url: '/folders', differ: { name: 'Copied folder' } },
  },
  'PATCH /api/sensor-devices/{id}': {
    key: 'sensorDevice',
    read: { url: `/sensor-devices/${sensorDeviceId}`, pick: (a) => a.sensorDevice as Record<string, unknown> },
    one: { patch: { name: 'Renamed device' }, changes: [[['name'], 'Renamed device']] },
    post: { url: '/sensor-devices', differ: { name: 'Copied device' } },
  },
  'PATCH /api/smartropes/{id}': {
    key: 'smartrope',
    read: { url: `/smartropes/${smartropeId}`, pick: (a) => a.smartrope as Record<string, unknown> },
    one: { patch: { name: 'Renamed smartrope' }, changes: [[['name'], 'Renamed smartrope']] },
    post: { url: '/smartropes', differ: { name: 'Copied smartrope', uuid: 'CONTRACT-2' } },
  },
  'PATCH /api/webhooks/{id}': {
    key: 'endpoint',
    read: { url: `/webhooks/${webhookId}`, pick: (a) => a.endpoint as Record<string, unknown> },
    one: { patch: { description: 'Maximo' }, changes: [[['description'], 'Maximo']] },
    post: { url: '/webhooks', differ: { url: 'https://hooks.example.com/copied' } },
  },
  'PATCH /api/smartropes/events/{id}': {
    key: 'event',
    read: { url: `/ropes/${rope.id}/smartrope-events`, pick: byId('events', smartropeEventId) },
    one: { patch: { attributes: { isAcknowledged: true } }, changes: [[['attributes', 'isAcknowledged'], true]] },
  },
  'PATCH /api/ropes/{id}/truscan': {
    read: { url: `/ropes/${rope.id}/truscan`, pick: (a) => a },
    one: {
      patch: { truscanAttributes: { status: 'measuring' } },
      changes: [[['truscanAttributes', 'status'], 'measuring']],
    },
  },
  'PATCH /api/users/self/2fa': {
    read: { url: '/users/self/2fa', pick: (a) => a },
    oneMissing: 'choosing a method needs a code from the device or mail; two-factor tests cover it',
  },
};

// A task is read from the rope's task list: there is no GET /tasks/{id}.
CASES['PATCH /api/tasks/{id}']!.read = { url: `/ropes/${rope.id}/tasks`, pick: byId('tasks', taskId) };

async function read(entry: Case) {
  return entry.read.pick(await ok(entry.read.method ?? 'GET', entry.read.url));
}
const wrap = (entry: Case, body: Record<string, unknown>) => (entry.key ? { [entry.key]: body } : body);
const patchUrl = (route: string) =>
  route
    .replace('PATCH /api', '')
    .replace('/areas/{id}', `/areas/${area.id}`)
    .replace('/installations/{id}', `/installations/${installation.id}`)
    .replace('/ropes/{id}', `/ropes/${rope.id}`)
    .replace('/events/{id}', `/events/${eventId}`)
    .replace('/tasks/{id}', `/tasks/${taskId}`)
    .replace('/users/{id}', `/users/${member.id}`)
    .replace('/mandators/{id}', `/mandators/${mandator.id}`)
    .replace('/documents/{id}', `/documents/${documentRow!.id}`)
    .replace('/folders/{id}', `/folders/${folderId}`)
    .replace('/sensor-devices/{id}', `/sensor-devices/${sensorDeviceId}`)
    .replace('/smartropes/events/{id}', `/smartropes/events/${smartropeEventId}`)
    .replace('/smartropes/{id}', `/smartropes/${smartropeId}`)
    .replace('/webhooks/{id}', `/webhooks/${webhookId}`);

describe('what a read returns, a write accepts; PATCH is partial', () => {
  it('has a case for every PATCH route of the OpenAPI document', () => {
    const patches = listDocRoutes(doc)
      .filter((route) => route.method === 'PATCH')
      .map((route) => `PATCH ${route.path}`);
    expect(patches.filter((route) => !(route in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((route) => !patches.includes(route))).toEqual([]);
  });

  for (const [route, entry] of Object.entries(CASES)) {
    it(`${route}: the read written back changes nothing`, async () => {
      const before = await read(entry);
      await ok('PATCH', patchUrl(route), wrap(entry, before));
      expect(await read(entry)).toEqual(before);
    });

    if (entry.one) {
      const one = entry.one;
      it(`${route}: a PATCH of one field changes that field only`, async () => {
        const before = await read(entry);
        await ok('PATCH', patchUrl(route), wrap(entry, one.patch));
        const expected = one.changes.reduce<unknown>((value, [path, changed]) => setAt(value, path, changed), before);
        expect(await read(entry)).toEqual(expected);
      });
    } else {
      // No field stands alone here (oneMissing says why): a lone field is refused and changes nothing.
      it(`${route}: a lone field is a 4xx that changes nothing (${entry.oneMissing})`, async () => {
        const before = await read(entry);
        const [field, value] = Object.entries(before).find(([, inner]) => inner !== null) ?? ['', null];
        const lone = { [field]: value === 'authenticator' ? 'email' : 'authenticator' };
        const response = await call('PATCH', patchUrl(route), wrap(entry, lone));
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(await read(entry)).toEqual(before);
      });
    }

    if (entry.post) {
      const post = entry.post;
      it(`${route}: the read is a template for POST ${post.url}`, async () => {
        const before = await read(entry);
        await ok('POST', post.url, wrap(entry, { ...before, ...post.differ }));
      });
    }
  }

  it('keeps the older write shape: mandatorId on areas, a lone actionStatus on events', async () => {
    await ok('PATCH', `/areas/${area.id}`, { area: { mandatorId: mandator.id } });
    await ok('POST', '/areas', { area: { name: 'Old shape', mandatorId: mandator.id } });
    await ok('PATCH', `/events/${eventId}`, { ropeEvent: { actionStatus: 'repaired' } });
    expect((await ok('GET', `/events/${eventId}`)).ropeEvent.attributes.actionStatus).toBe('repaired');
  });

  it('takes a user from the users list back too: mandators as {id, name} objects', async () => {
    const before = (await ok('GET', `/users/${member.id}`)).user;
    const listed = (await ok('GET', '/users?search=contract-member')).users;
    const item = listed.find((user: { id: number }) => user.id === member.id);
    expect(item.mandators).toEqual([{ id: mandator.id, name: 'Contract mandator' }]);
    await ok('PATCH', `/users/${member.id}`, { user: item });
    expect((await ok('GET', `/users/${member.id}`)).user).toEqual(before);
  });

  it('lets a client admin write back what they read: unchanged admin-only fields are no change', async () => {
    const clientAdmin = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [mandator.id] });
    const as = async (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: { cookie: await signIn(t.ctx, clientAdmin) }, payload });
    await ok('PATCH', `/installations/${installation.id}`, { installation: { latlngs: [[46.5, 7.5]] } });
    for (const [url, key] of [
      [`/areas/${area.id}`, 'area'],
      [`/installations/${installation.id}`, 'installation'],
      [`/ropes/${rope.id}`, 'rope'],
    ] as const) {
      const before = (await as('GET', url)).json()[key];
      const written = await as('PATCH', url, { [key]: { ...before, ...(key === 'area' ? { mapZoom: 11 } : {}) } });
      expect(written.statusCode, written.body).toBeLessThan(300);
      const after = (await as('GET', url)).json()[key];
      expect(after).toEqual(key === 'area' ? { ...before, mapZoom: 11 } : before);
    }
    const renamed = await as('PATCH', `/areas/${area.id}`, { area: { name: 'Not allowed' } });
    expect(renamed.statusCode).toBe(403);
  });

  it('removes an attribute sent as null and validates the merged entity', async () => {
    await ok('PATCH', `/events/${eventId}`, { ropeEvent: { attributes: { description: null } } });
    expect((await ok('GET', `/events/${eventId}`)).ropeEvent.attributes).not.toHaveProperty('description');
    const broken = await call('PATCH', `/events/${eventId}`, { ropeEvent: { attributes: { type: 'shortening' } } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields).toHaveProperty(['ropeEvent.attributes.type']);
  });
});
