import { brokerAccessViewSchema } from '@rope/domain/device-intake/broker';
import { documentViewSchema } from '@rope/domain/documents/views';
import { apiErrorSchema } from '@rope/domain/errors';
import { placedEventViewSchema, ropeEventViewSchema } from '@rope/domain/events/views';
import { folderViewSchema } from '@rope/domain/folders/views';
import {
  areaPatchSchema,
  installationPatchSchema,
  ropeCreateSchema,
  ropePatchSchema,
} from '@rope/domain/hierarchy/schemas';
import {
  areaViewSchema,
  damageViewSchema,
  installationViewSchema,
  placedRopeViewSchema,
  ropeViewSchema,
} from '@rope/domain/hierarchy/views';
import { mandatorViewSchema } from '@rope/domain/mandators/views';
import { meaMeasurementViewSchema, mrtCandidateViewSchema } from '@rope/domain/mrt/schemas';
import { notificationViewSchema } from '@rope/domain/notifications/views';
import { projectViewSchema } from '@rope/domain/projects/views';
import { mountedRopeViewSchema, sensorDeviceViewSchema, sensorViewSchema } from '@rope/domain/sensors/views';
import { smartropeEventViewSchema, smartropeViewSchema } from '@rope/domain/smartropes/views';
import { pendingTaskSchema, taskNoteSchema, taskViewSchema } from '@rope/domain/tasks/views';
import { truscanRequestViewSchema } from '@rope/domain/truscan/schemas';
import { apiKeyViewSchema } from '@rope/domain/users/api-keys';
import { mandatorUserSchema, userDetailSchema, userListItemSchema } from '@rope/domain/users/views';
import {
  webhookAttemptViewSchema,
  webhookDeliveryViewSchema,
  webhookEndpointViewSchema,
  webhookPayloadSchema,
} from '@rope/domain/webhooks/schemas';
import { type ZodType, z } from 'zod';
import { ENTITY_EXAMPLES } from './openapi-examples.ts';

/**
 * The schemas the document names as components (`#/components/schemas/Rope`): each entity as the API answers it
 * and the bodies that change the main ones. Where a named schema is used inside another, the document refers to it
 * rather than copying it. Named in zod's global registry, where the schemas' own `.meta()` (an enum a refinement
 * hides, a step) already is; nothing else in the API turns schemas into JSON Schema.
 */

export const NAMED: [string, ZodType, string][] = [
  ['ApiError', apiErrorSchema, 'Every refusal and failure: a code, the English message, its key, the fields at fault'],
  ['Area', areaViewSchema, 'An area (a site) with its map settings'],
  ['AreaPatch', areaPatchSchema, 'A change to an area: any attribute as GET answers it'],
  ['Installation', installationViewSchema, 'An installation (a ropeway, a bridge, a roof) in an area'],
  ['InstallationPatch', installationPatchSchema, 'A change to an installation: any attribute as GET answers it'],
  ['Rope', ropeViewSchema, 'A rope of an installation with its attributes and damage'],
  ['PlacedRope', placedRopeViewSchema, 'A rope with the names of its installation and area'],
  ['RopeCreate', ropeCreateSchema, 'A new rope'],
  ['RopePatch', ropePatchSchema, 'A change to a rope: any attribute as GET answers it'],
  ['RopeDamage', damageViewSchema, 'A rope’s damage per reference length against its discard limits'],
  ['RopeEvent', ropeEventViewSchema, 'A rope event: damage, MRT or splice inspection, repair, mutation'],
  ['PlacedRopeEvent', placedEventViewSchema, 'A rope event with the names of its rope, installation and area'],
  ['Task', taskViewSchema, 'A task on a rope, due by date or by bending cycles'],
  ['PendingTask', pendingTaskSchema, 'An open task with its place and due date'],
  ['TaskNote', taskNoteSchema, 'A note on a task'],
  ['Notification', notificationViewSchema, 'A notification sent about a rope or an installation'],
  ['Document', documentViewSchema, 'A document (a file) of an area, installation, rope, event or folder'],
  ['Folder', folderViewSchema, 'A folder of general documents'],
  ['Project', projectViewSchema, 'A project of the document system, by installation number'],
  ['Mandator', mandatorViewSchema, 'A mandator (a tenant)'],
  ['User', userDetailSchema, 'A user with their role, mandators and settings'],
  ['UserListItem', userListItemSchema, 'A user as the users list shows them'],
  ['MandatorUser', mandatorUserSchema, 'A user of a mandator'],
  ['ApiKey', apiKeyViewSchema, 'An API key of an API user as admins see it: never the key itself'],
  ['SensorDevice', sensorDeviceViewSchema, 'A sensor device with its sensors'],
  ['Sensor', sensorViewSchema, 'A sensor of a sensor device'],
  ['MountedRope', mountedRopeViewSchema, 'The rope a device is mounted on'],
  ['Smartrope', smartropeViewSchema, 'A smartrope with its sensors and thresholds'],
  ['SmartropeEvent', smartropeEventViewSchema, 'An event a smartrope reported'],
  ['BrokerAccess', brokerAccessViewSchema, 'A device’s MQTT broker client'],
  ['TruscanRequest', truscanRequestViewSchema, 'A TRUscan measurement request'],
  ['MeaMeasurement', meaMeasurementViewSchema, 'A magnetic rope test (MRT) measurement'],
  ['MrtCandidate', mrtCandidateViewSchema, 'A rope an MRT measurement may belong to'],
  ['WebhookEndpoint', webhookEndpointViewSchema, 'A webhook endpoint of a mandator: never its secret'],
  ['WebhookDelivery', webhookDeliveryViewSchema, 'One message to one endpoint, over all its attempts'],
  ['WebhookAttempt', webhookAttemptViewSchema, 'One try of a delivery: what was sent and what came back'],
  ['WebhookPayload', webhookPayloadSchema, 'The body of every webhook: its type, when it happened, the objects'],
];
for (const [id, schema, description] of NAMED) {
  // A second load of this module (a test runner's fresh module graph) meets the first one's schemas under the names.
  const previous = z.globalRegistry._idmap.get(id);
  if (previous) z.globalRegistry.remove(previous);
  const example = ENTITY_EXAMPLES[id as keyof typeof ENTITY_EXAMPLES];
  z.globalRegistry.add(schema, {
    ...z.globalRegistry.get(schema),
    id,
    description,
    ...(example ? { examples: [example] } : {}),
  });
}

type Json = Record<string, unknown>;

/** The names of the components a part of the document refers to. */
function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        into.add(child.slice('#/components/schemas/'.length));
      } else collectRefs(child, into);
    }
  }
}

/**
 * Only the components an operation uses, directly or through another component: the zod transform writes every
 * named schema twice (as read and as written, `RopeInput`), most of which no operation takes.
 */
export function keepUsedComponents(document: Json): Json {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  collectRefs(document.paths, used);
  for (let pending = [...used]; pending.length > 0; ) {
    const found = new Set<string>();
    for (const name of pending) collectRefs(schemas[name], found);
    pending = [...found].filter((name) => !used.has(name));
    for (const name of pending) used.add(name);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}
