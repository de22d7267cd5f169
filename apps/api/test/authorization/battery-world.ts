import { ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import {
  seedArea,
  seedEvent,
  seedInstallation,
  seedMandator,
  seedRope,
  seedTask,
  seedUser,
} from '../support/factories.ts';
import { type DocRoute, listDocRoutes, loadOpenApi, type OpenApiDocument } from '../support/openapi.ts';
import type { TestApp } from '../support/test-app.ts';
import { seedWebhookEndpoint } from '../support/webhook-factories.ts';
import { documentIn, folder, projectIn } from './route-table-documents.ts';
import { measurementIn } from './route-table-mrt.ts';
import { deviceIn, smartropeIn } from './route-table-sensors.ts';
import { buildWorld, type World } from './world.ts';

/**
 * The objects both halves of the input battery aim at: one of each kind in the own mandator, so a request gets
 * past "not found" to the part that reads its input. `fresh` makes a new one for calls that change or delete it.
 */
export interface BatteryWorld {
  world: World;
  doc: OpenApiDocument;
  routes: DocRoute[];
  mandator: number;
  area: number;
  installation: number;
  /** A second installation of the same area, to order the first before. */
  sibling: number;
  rope: number;
  siblingRope: number;
  event: number;
  task: number;
  user: number;
  document: number;
  folder: number;
  device: number;
  sensor: number;
  smartrope: number;
  smartropeEvent: number;
  /** An MRT measurement event with its stored file, and the index of its first candidate. */
  mrtEvent: number;
  mrtPeak: number;
  projectNumber: string;
  /** The id of the shared object a path's {id} stands for, by its longest known prefix. */
  idForPath(path: string): number | undefined;
  /** A new object of the kind a path's {id} stands for, for calls that change or delete it. */
  fresh(path: string): Promise<number | undefined>;
}

export async function buildBatteryWorld(t: TestApp): Promise<BatteryWorld> {
  const world = await buildWorld(t);
  const db = t.ctx.db;
  const doc = await loadOpenApi(t.app);
  const mandator = world.own;
  const area = (await seedArea(db, mandator)).id;
  const installation = (await seedInstallation(db, area)).id;
  const sibling = (await seedInstallation(db, area)).id;
  const rope = (await seedRope(db, installation)).id;
  // A stranded rope takes every kind of event, mutations too.
  await db
    .update(ropes)
    .set({ attributes: { ropeType: 'strandedRope' } })
    .where(eq(ropes.id, rope));
  const siblingRope = (await seedRope(db, installation)).id;
  const user = (await seedUser(db, { mandatorIds: [mandator], email: 'battery-target@contract.test' })).id;
  const event = (await seedEvent(db, rope, { position: 3 })).id;
  const task = (await seedTask(db, rope, { assigneeIds: [user] })).id;
  const device = await deviceIn(world, 'own');
  const smart = await smartropeIn(world, 'own');
  const mrt = await measurementIn(world, 'own');
  const endpointOf = async () =>
    (await seedWebhookEndpoint(t.ctx, { mandatorId: mandator, ownerUserId: world.userIds.admin! })).endpoint.id;

  const byPrefix: Record<string, number> = {
    '/api/areas/': area,
    '/api/installations/': installation,
    '/api/ropes/': rope,
    '/api/events/': event,
    '/api/tasks/': task,
    '/api/users/': user,
    '/api/mandators/': mandator,
    '/api/documents/': (await documentIn(world, 'own')).id,
    '/api/folders/': (await folder(world)).id,
    '/api/sensor-devices/': device.device.id,
    '/api/sensors/': device.sensor.id,
    '/api/smartropes/': smart.smartrope.id,
    '/api/smartropes/events/': smart.event.id,
    '/api/smartrope-events/': smart.event.id,
    '/api/webhooks/': await endpointOf(),
  };
  const prefixOf = (path: string) =>
    Object.keys(byPrefix)
      .filter((prefix) => path.startsWith(prefix))
      .sort((a, b) => b.length - a.length)[0];

  const makers: Record<string, () => Promise<number>> = {
    '/api/areas/': async () => (await seedArea(db, mandator)).id,
    '/api/installations/': async () => (await seedInstallation(db, area)).id,
    '/api/ropes/': async () => (await seedRope(db, installation)).id,
    '/api/events/': async () => (await seedEvent(db, rope)).id,
    '/api/tasks/': async () => (await seedTask(db, rope, { assigneeIds: [user] })).id,
    '/api/users/': async () => (await seedUser(db, { mandatorIds: [mandator] })).id,
    '/api/mandators/': async () => (await seedMandator(db)).id,
    '/api/documents/': async () => (await documentIn(world, 'own')).id,
    '/api/folders/': async () => (await folder(world)).id,
    '/api/sensor-devices/': async () => (await deviceIn(world, 'own')).device.id,
    '/api/smartropes/': async () => (await smartropeIn(world, 'own')).smartrope.id,
    '/api/smartropes/events/': async () => (await smartropeIn(world, 'own')).event.id,
    '/api/webhooks/': endpointOf,
  };

  return {
    world,
    doc,
    routes: listDocRoutes(doc),
    mandator,
    area,
    installation,
    sibling,
    rope,
    siblingRope,
    event,
    task,
    user,
    document: byPrefix['/api/documents/']!,
    folder: byPrefix['/api/folders/']!,
    device: device.device.id,
    sensor: device.sensor.id,
    smartrope: smart.smartrope.id,
    smartropeEvent: smart.event.id,
    mrtEvent: mrt.event.id,
    mrtPeak: mrt.peak,
    projectNumber: await projectIn(world, 'own'),
    idForPath: (path) => {
      const prefix = prefixOf(path);
      return prefix ? byPrefix[prefix] : undefined;
    },
    fresh: async (path) => {
      const prefix = prefixOf(path);
      const make = prefix ? makers[prefix] : undefined;
      return make ? make() : undefined;
    },
  };
}
