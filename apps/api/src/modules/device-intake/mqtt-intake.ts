import { hostname } from 'node:os';
import { areas, ropes, sensorDevices, smartropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { plainIngestBody, sensorIngestBodySchema } from '@rope/domain/sensors/ingest';
import { smartropeEventIngestBodySchema } from '@rope/domain/smartropes/schemas';
import { truscanStateBodySchema } from '@rope/domain/truscan/schemas';
import { eq } from 'drizzle-orm';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findUnsafeValue } from '../../http/input-guard.ts';
import { type MqttTopics, mqttTopics } from '../../infra/mqtt-topics.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { ingestSensorReadings } from '../sensors/index.ts';
import { ingestSmartropeEvent } from '../smartropes/index.ts';
import { reportTruscanState } from '../truscan/index.ts';

/**
 * Whose a message is: the topic names the device, and the broker lets only that device's own client publish there
 * (each device has its own credentials and role, docs/sensors.md). The import is then scoped as an import key of
 * the device's mandator (its rope → installation → area → mandator) would be: never with rights across mandators,
 * so a broker ACL that let too much through still cannot write into another mandator's sensors.
 */
type Owner = 'sensorDevice' | 'smartrope' | 'rope';

async function mandatorOf(ctx: AppContext, owner: Owner, id: number): Promise<number | undefined> {
  const ropeId = owner === 'sensorDevice' ? sensorDevices.ropeId : owner === 'smartrope' ? smartropes.ropeId : ropes.id;
  const from =
    owner === 'sensorDevice'
      ? ctx.db
          .select({ mandatorId: areas.mandatorId })
          .from(sensorDevices)
          .innerJoin(ropes, eq(ropes.id, ropeId))
          .$dynamic()
      : owner === 'smartrope'
        ? ctx.db
            .select({ mandatorId: areas.mandatorId })
            .from(smartropes)
            .innerJoin(ropes, eq(ropes.id, ropeId))
            .$dynamic()
        : ctx.db.select({ mandatorId: areas.mandatorId }).from(ropes).$dynamic();
  const idColumn = owner === 'sensorDevice' ? sensorDevices.id : owner === 'smartrope' ? smartropes.id : ropes.id;
  const [row] = await joinPlacement(from).where(eq(idColumn, id));
  return row?.mandatorId;
}

/** An import key of the mandator that owns the device; a device on no rope belongs to no one and is refused. */
export async function importActorFor(ctx: AppContext, owner: Owner, id: number): Promise<Actor> {
  const mandatorId = await mandatorOf(ctx, owner, id);
  if (mandatorId === undefined) throw notFound(message(NOT_FOUND[owner]));
  return { userId: 0, roles: ['ROLE_API_IMPORT'], mandatorIds: [mandatorId], via: 'apiKey' };
}

const NOT_FOUND = {
  sensorDevice: 'app.errors.noSuchSensorDevice',
  smartrope: 'app.errors.noSuchSmartrope',
  rope: 'app.errors.noSuchRope',
} as const;

type Handler = (ctx: AppContext, id: number, body: unknown) => Promise<unknown>;
interface Route {
  pattern: RegExp;
  topic: string;
  handle: Handler;
}

/** The topic's pattern with its id captured: `+` stands for the id, everything else is literal. */
const patternOf = (topic: string) =>
  new RegExp(`^${topic.replace(/[.*?^${}()|[\]\\]/g, '\\$&').replace('+', '(\\d{1,10})')}$`);

/** What the intake takes, under the cockpit's topic prefix. */
function routesFor(topics: MqttTopics): Route[] {
  const route = (topic: string, handle: Handler): Route => ({ pattern: patternOf(topic), topic, handle });
  return [
    route(topics.sensorReadings('+'), async (ctx, deviceId, body) =>
      ingestSensorReadings({
        ctx,
        actor: await importActorFor(ctx, 'sensorDevice', deviceId),
        input: { deviceId, measurements: (plainIngestBody(body) ?? sensorIngestBodySchema.parse(body)).measurements },
      }),
    ),
    route(topics.smartropeEvents('+'), async (ctx, smartropeId, body) =>
      ingestSmartropeEvent({
        ctx,
        actor: await importActorFor(ctx, 'smartrope', smartropeId),
        input: { smartropeId, event: smartropeEventIngestBodySchema.parse(body).event },
      }),
    ),
    // No device of the cockpit's carries a TRUscan: the operator gives a TRUscan its broker client by hand, with
    // the right to publish to this rope's topic alone (docs/sensors.md); no provisioned client may publish here.
    route(topics.truscanState('+'), async (ctx, ropeId, body) =>
      reportTruscanState({
        ctx,
        actor: await importActorFor(ctx, 'rope', ropeId),
        input: { ropeId, truscanAttributes: truscanStateBodySchema.parse(body).truscanAttributes },
      }),
    ),
  ];
}

/**
 * The intake's client id, which names its persistent session: MQTT_CLIENT_ID, else one per host and kind of process
 * (`server` or `worker`), the same after a restart so the broker hands over what it kept meanwhile.
 */
export function intakeClientId(ctx: Pick<AppContext, 'env'>, process: 'server' | 'worker'): string {
  return ctx.env.MQTT_CLIENT_ID ?? `rope-cockpit-intake-${hostname()}-${process}`.slice(0, 64);
}

export interface MqttIntake {
  client: MqttClient;
  close(): Promise<void>;
}

/**
 * Takes devices' readings, smartrope events and TRUscan state from the broker, at least once: a message is
 * acknowledged only after its rows are committed, in a persistent session, so a worker that stops loses nothing
 * (the imports are idempotent, a message delivered twice changes nothing). Every intake takes every message: with
 * several workers, set MQTT_URL on the one that should take them (two would import each message twice, harmlessly).
 * A message that can never be imported (not JSON, text PostgreSQL cannot store, a bad row, an unknown device) is
 * logged and acknowledged, so it does not block the ones behind it.
 */
export async function startMqttIntake(ctx: AppContext, url: string, clientId: string): Promise<MqttIntake> {
  const routes = routesFor(mqttTopics(ctx.env.MQTT_TOPIC_PREFIX));
  // Set in the same tick as the connection starts: in place before the broker hands over what it kept for the session.
  const client = mqtt.connect(url, { clientId, clean: false, reconnectPeriod: 1_000, connectTimeout: 10_000 });
  client.handleMessage = (packet: IPublishPacket, done) => {
    handle(ctx, routes, packet)
      .then(() => done())
      .catch((error: unknown) => {
        // A database that is down: no acknowledgement, the broker delivers the message again.
        ctx.log.error(
          { err: error, topic: packet.topic },
          'MQTT message not imported; the broker will deliver it again',
        );
        done(error as Error);
      });
  };
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (error) => {
      void client.endAsync(true);
      reject(error);
    });
  });
  client.on('error', (error) => ctx.log.warn({ err: error }, 'MQTT intake: broker connection problem'));
  await client.subscribeAsync(
    routes.map((route) => route.topic),
    { qos: 1 },
  );
  ctx.log.info({ url: redact(url), clientId }, 'MQTT intake subscribed');
  return { client, close: () => client.endAsync() };
}

async function handle(ctx: AppContext, routes: Route[], packet: IPublishPacket) {
  const handler = routes.find((candidate) => candidate.pattern.test(packet.topic));
  const id = handler ? Number(handler.pattern.exec(packet.topic)![1]) : Number.NaN;
  if (!handler || !Number.isSafeInteger(id)) {
    ctx.log.warn({ topic: packet.topic }, 'MQTT message on an unknown topic ignored');
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(packet.payload.toString('utf8'));
  } catch {
    ctx.log.warn({ topic: packet.topic }, 'MQTT message ignored: not JSON');
    return;
  }
  // The same guard as an HTTP body: a NUL or a lone surrogate would fail in PostgreSQL on every delivery.
  const unsafe = findUnsafeValue(body, 'payload');
  if (unsafe) {
    ctx.log.warn({ topic: packet.topic, refused: unsafe.message }, 'MQTT message refused');
    return;
  }
  try {
    await handler.handle(ctx, id, body);
  } catch (error) {
    if (error instanceof AppError || error instanceof z.core.$ZodError) {
      ctx.log.warn({ topic: packet.topic, refused: (error as Error).message }, 'MQTT message refused');
      return;
    }
    throw error;
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'invalid URL';
  }
}
