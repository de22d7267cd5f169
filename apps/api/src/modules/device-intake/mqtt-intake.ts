import { hostname } from 'node:os';
import type { Actor } from '@rope/domain/access/actor';
import { plainIngestBody, sensorIngestBodySchema } from '@rope/domain/sensors/ingest';
import { smartropeEventIngestBodySchema } from '@rope/domain/sensors/smartropes';
import { truscanStateBodySchema } from '@rope/domain/truscan/schemas';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { findUnsafeValue } from '../../http/input-guard.ts';
import { MQTT_TOPICS } from '../../infra/device-link.ts';
import { ingestSensorReadings } from '../sensors/ingest.ts';
import { ingestSmartropeEvent } from '../smartropes/ingest-event.ts';
import { reportTruscanState } from '../truscan/report-state.ts';

/**
 * Devices on MQTT are authenticated by the broker, whose ACL keeps each to its own topic: what arrives there is
 * imported as an internal API key would import it, across mandators.
 */
const BROKER_ACTOR: Actor = { userId: 0, roles: ['ROLE_API_INTERNAL'], mandatorIds: [], via: 'apiKey' };

type Handler = (ctx: AppContext, id: number, body: unknown) => Promise<unknown>;

const HANDLERS: { pattern: RegExp; topic: string; handle: Handler }[] = [
  {
    pattern: /^rope-cockpit\/sensor-devices\/(\d{1,10})\/measurements$/,
    topic: MQTT_TOPICS.sensorReadings('+'),
    handle: (ctx, deviceId, body) =>
      ingestSensorReadings({
        ctx,
        actor: BROKER_ACTOR,
        input: { deviceId, measurements: (plainIngestBody(body) ?? sensorIngestBodySchema.parse(body)).measurements },
      }),
  },
  {
    pattern: /^rope-cockpit\/smartropes\/(\d{1,10})\/events$/,
    topic: MQTT_TOPICS.smartropeEvents('+'),
    handle: (ctx, smartropeId, body) =>
      ingestSmartropeEvent({
        ctx,
        actor: BROKER_ACTOR,
        input: { smartropeId, event: smartropeEventIngestBodySchema.parse(body).event },
      }),
  },
  {
    pattern: /^rope-cockpit\/ropes\/(\d{1,10})\/truscan\/state$/,
    topic: MQTT_TOPICS.truscanState('+'),
    handle: (ctx, ropeId, body) =>
      reportTruscanState({
        ctx,
        actor: BROKER_ACTOR,
        input: { ropeId, truscanAttributes: truscanStateBodySchema.parse(body).truscanAttributes },
      }),
  },
];

export interface MqttIntake {
  client: MqttClient;
  close(): Promise<void>;
}

/**
 * Takes devices' readings, smartrope events and TRUscan state from the broker, at least once: a message is
 * acknowledged only after its rows are committed, in a persistent session, so a worker that stops loses nothing
 * (the imports are idempotent, a message delivered twice changes nothing). Every intake takes every message: with
 * several workers, set MQTT_URL on the one that should take them (two would import each message twice, harmlessly).
 * A message that can never be imported (not JSON, text PostgreSQL cannot store, a bad row, an unknown device) is logged and acknowledged, so it
 * does not block the ones behind it.
 */
export async function startMqttIntake(
  ctx: AppContext,
  url: string,
  clientId = `rope-cockpit-intake-${hostname()}`,
): Promise<MqttIntake> {
  // Set in the same tick as the connection starts: in place before the broker hands over what it kept for the session.
  const client = mqtt.connect(url, { clientId, clean: false, reconnectPeriod: 1_000, connectTimeout: 10_000 });
  client.handleMessage = (packet: IPublishPacket, done) => {
    handle(ctx, packet)
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
    HANDLERS.map((handler) => handler.topic),
    { qos: 1 },
  );
  ctx.log.info({ url: redact(url) }, 'MQTT intake subscribed');
  return { client, close: () => client.endAsync() };
}

async function handle(ctx: AppContext, packet: IPublishPacket) {
  const handler = HANDLERS.find((candidate) => candidate.pattern.test(packet.topic));
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
