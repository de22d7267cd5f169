import { sensorDevices, sensors, smartropeEvents, smartropes, truscanRequests } from '@rope/db/schema/index';
import { seedArea, seedInstallation, seedRope } from '../support/factories.ts';
import { only, type RouteRow, scoped, signedIn } from './route-table.ts';
import type { Scope, World } from './world.ts';

const url = (url: string, payload?: object) => ({ url, payload });

/** Readers of what hangs on a rope (DOMAIN_READ): import keys may not read; the mandator-bound see their own. */
const read = (status = 200) => ({
  ...signedIn(status, { apiImport: 403 }),
  clientAdmin: scoped(status, 404),
  client: scoped(status, 404),
  freeUser: scoped(status, 404),
  apiExternal: scoped(status, 404),
});
/** The admin screens: admins see every device, own or foreign. */
const admin = (status = 200) => only({ admin: status });

async function ropeIn(w: World, scope: Scope) {
  const area = await seedArea(w.t.ctx.db, w.mandatorOf(scope));
  return seedRope(w.t.ctx.db, (await seedInstallation(w.t.ctx.db, area.id)).id);
}

export async function deviceIn(w: World, scope: Scope) {
  const rope = await ropeIn(w, scope);
  const [device] = await w.t.ctx.db
    .insert(sensorDevices)
    .values({ name: 'Matrix device', ropeId: rope.id })
    .returning();
  const [sensor] = await w.t.ctx.db.insert(sensors).values({ deviceId: device!.id, name: 'Tension' }).returning();
  return { rope, device: device!, sensor: sensor! };
}

let serial = 0;
export async function smartropeIn(w: World, scope: Scope) {
  const rope = await ropeIn(w, scope);
  const [smartrope] = await w.t.ctx.db
    .insert(smartropes)
    .values({ name: 'Matrix smartrope', uuid: `MX-${process.pid}-${++serial}`, ropeId: rope.id })
    .returning();
  const [event] = await w.t.ctx.db
    .insert(smartropeEvents)
    .values({ smartropeId: smartrope!.id, sensorName: 'Strain', type: 'info', occurredAt: new Date() })
    .returning();
  return { rope, smartrope: smartrope!, event: event! };
}

/** Recording on the rope (DOMAIN_WRITE): people of the mandator and internal API keys. */
const write = (status = 200) =>
  only({
    admin: status,
    projectManager: status,
    apiInternal: status,
    clientAdmin: scoped(status, 404),
    client: scoped(status, 404),
  });

const range = 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';

/** Sensor devices: admins manage them, whoever sees the rope reads its charts, import keys deliver readings. */
export const SENSOR_ROWS: RouteRow[] = [
  { route: 'GET /api/sensor-devices', build: () => url('/api/sensor-devices'), expect: admin() },
  {
    route: 'POST /api/sensor-devices',
    build: () => url('/api/sensor-devices', { sensorDevice: { name: 'New device' } }),
    expect: admin(),
  },
  {
    route: 'GET /api/sensor-devices/:id',
    scoped: true,
    build: async (w, s) => url(`/api/sensor-devices/${(await deviceIn(w, s)).device.id}`),
    expect: admin(),
  },
  {
    route: 'PATCH /api/sensor-devices/:id',
    scoped: true,
    build: async (w, s) =>
      url(`/api/sensor-devices/${(await deviceIn(w, s)).device.id}`, { sensorDevice: { name: 'Renamed' } }),
    expect: admin(),
  },
  {
    route: 'GET /api/sensor-devices/:id/broker-credentials',
    scoped: true,
    build: async (w, s) => url(`/api/sensor-devices/${(await deviceIn(w, s)).device.id}/broker-credentials`),
    expect: admin(),
  },
  {
    route: 'POST /api/sensor-devices/:id/broker-credentials',
    scoped: true,
    build: async (w, s) => url(`/api/sensor-devices/${(await deviceIn(w, s)).device.id}/broker-credentials`),
    expect: admin(409),
    note: 'the matrix administers no broker: admins learn 409, devices use the HTTP import (broker-credentials.test.ts provisions on a real one)',
  },
  {
    route: 'DELETE /api/sensor-devices/:id/broker-credentials',
    scoped: true,
    build: async (w, s) => url(`/api/sensor-devices/${(await deviceIn(w, s)).device.id}/broker-credentials`),
    expect: admin(204),
  },
  {
    route: 'POST /api/sensor-devices/:id/measurements',
    scoped: true,
    build: async (w, s) => {
      const { device, sensor } = await deviceIn(w, s);
      return url(`/api/sensor-devices/${device.id}/measurements`, {
        measurements: [{ sensor: sensor.id, ts: '2026-01-01T00:00:00Z', value: 1 }],
      });
    },
    expect: only({ admin: 200, apiInternal: 200, apiImport: scoped(200, 404) }),
    note: 'the import right is checked before the device is looked up',
  },
  {
    route: 'GET /api/ropes/device-states',
    build: () => url('/api/ropes/device-states'),
    expect: signedIn(200, { apiImport: 403 }),
  },
  {
    route: 'GET /api/ropes/:id/sensor-devices',
    scoped: true,
    // A rope with a device: the read checks the viewer in the statement that finds the devices.
    build: async (w, s) => url(`/api/ropes/${(await deviceIn(w, s)).rope.id}/sensor-devices`),
    expect: read(),
  },
  {
    route: 'GET /api/sensors/:id/measurements-aggregates',
    scoped: true,
    build: async (w, s) => url(`/api/sensors/${(await deviceIn(w, s)).sensor.id}/measurements-aggregates?${range}`),
    expect: read(),
  },
  {
    route: 'GET /api/sensors/:id/measurements',
    scoped: true,
    build: async (w, s) => url(`/api/sensors/${(await deviceIn(w, s)).sensor.id}/measurements?${range}`),
    expect: read(),
  },
  { route: 'GET /api/smartropes', build: () => url('/api/smartropes'), expect: admin() },
  {
    route: 'POST /api/smartropes',
    build: () => url('/api/smartropes', { smartrope: { name: 'New', uuid: `MX-new-${process.pid}-${++serial}` } }),
    expect: admin(),
  },
  {
    route: 'GET /api/smartropes/:id',
    scoped: true,
    build: async (w, s) => url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}`),
    expect: admin(),
  },
  {
    route: 'PATCH /api/smartropes/:id',
    scoped: true,
    build: async (w, s) =>
      url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}`, { smartrope: { name: 'Renamed' } }),
    expect: admin(),
  },
  {
    route: 'GET /api/smartropes/:id/broker-credentials',
    scoped: true,
    build: async (w, s) => url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}/broker-credentials`),
    expect: admin(),
  },
  {
    route: 'POST /api/smartropes/:id/broker-credentials',
    scoped: true,
    build: async (w, s) => url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}/broker-credentials`),
    expect: admin(409),
    note: 'the matrix administers no broker: admins learn 409, devices use the HTTP import (broker-credentials.test.ts provisions on a real one)',
  },
  {
    route: 'DELETE /api/smartropes/:id/broker-credentials',
    scoped: true,
    build: async (w, s) => url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}/broker-credentials`),
    expect: admin(204),
  },
  {
    route: 'GET /api/smartropes/:id/events',
    scoped: true,
    build: async (w, s) => url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}/events`),
    expect: admin(),
  },
  {
    route: 'POST /api/smartropes/:id/events',
    scoped: true,
    build: async (w, s) =>
      url(`/api/smartropes/${(await smartropeIn(w, s)).smartrope.id}/events`, {
        event: { sensorName: 'Strain', type: 'info', unixTimestamp: 1_790_000_000, measurements: [] },
      }),
    expect: only({ admin: 200, apiInternal: 200, apiImport: scoped(200, 404) }),
  },
  {
    route: 'PATCH /api/smartropes/events/:id',
    scoped: true,
    build: async (w, s) =>
      url(`/api/smartropes/events/${(await smartropeIn(w, s)).event.id}`, {
        event: { attributes: { isAcknowledged: true } },
      }),
    expect: write(),
  },
  {
    route: 'GET /api/smartrope-events/:id/measurements',
    scoped: true,
    build: async (w, s) => url(`/api/smartrope-events/${(await smartropeIn(w, s)).event.id}/measurements`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/smartrope-events',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${(await ropeIn(w, s)).id}/smartrope-events`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/truscan',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${(await ropeIn(w, s)).id}/truscan`),
    expect: read(),
  },
  {
    route: 'GET /api/ropes/:id/truscan/live',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${(await ropeIn(w, s)).id}/truscan/live`),
    expect: read(406),
    note: 'the matrix does not ask for an event stream: those let in learn 406, the stream itself is tested in truscan.test.ts',
  },
  {
    route: 'PATCH /api/ropes/:id/truscan',
    scoped: true,
    build: async (w, s) =>
      url(`/api/ropes/${(await ropeIn(w, s)).id}/truscan`, { truscanAttributes: { status: 'idle' } }),
    expect: only({ admin: 200, apiInternal: 200, apiImport: scoped(200, 404) }),
  },
  {
    route: 'POST /api/ropes/:id/events/trigger/truscan',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${(await ropeIn(w, s)).id}/events/trigger/truscan`, { reason: 'Matrix' }),
    expect: write(202),
  },
  {
    route: 'GET /api/ropes/:id/truscan/requests',
    scoped: true,
    build: async (w, s) => url(`/api/ropes/${(await ropeIn(w, s)).id}/truscan/requests`),
    expect: only({ admin: 200, apiInternal: 200, apiImport: scoped(200, 404) }),
  },
  {
    route: 'POST /api/ropes/:id/truscan/requests/:requestId/ack',
    scoped: true,
    build: async (w, s) => {
      const rope = await ropeIn(w, s);
      const [request] = await w.t.ctx.db
        .insert(truscanRequests)
        .values({ ropeId: rope.id, reason: 'Matrix' })
        .returning();
      return url(`/api/ropes/${rope.id}/truscan/requests/${request!.id}/ack`);
    },
    expect: only({ admin: 200, apiInternal: 200, apiImport: scoped(200, 404) }),
  },
];
