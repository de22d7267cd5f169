import { sensorDevices, smartropes } from '@rope/db/schema/index';
import type { BrokerAccessView, BrokerCredentials } from '@rope/domain/device-intake/broker';
import { type Message, message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken } from '../../infra/crypto.ts';
import { mqttTopics } from '../../infra/device-link.ts';
import {
  type DynsecAdmin,
  type DynsecCommand,
  type DynsecResponse,
  DynsecUnavailableError,
} from '../../infra/mqtt-dynsec.ts';

/** What talks to the broker with its own client: a sensor device or a smartrope, by id. */
export type BrokerDevice = { kind: 'sensorDevice' | 'smartrope'; id: number };

const TABLES = { sensorDevice: sensorDevices, smartrope: smartropes } as const;

/** The broker client's (and its role's) name: stable per device, so new credentials replace the old ones. */
export function brokerUsername(device: BrokerDevice): string {
  return device.kind === 'sensorDevice' ? `sensor-device-${device.id}` : `smartrope-${device.id}`;
}

/** The device's own topics: it publishes only its data, and subscribes only to its command topic. */
export function brokerTopics(
  ctx: Pick<AppContext, 'env'>,
  device: BrokerDevice,
): { publish: string[]; subscribe: string[] } {
  const topics = mqttTopics(ctx.env.MQTT_TOPIC_PREFIX);
  return device.kind === 'sensorDevice'
    ? { publish: [topics.sensorReadings(device.id)], subscribe: [topics.sensorDeviceCommands(device.id)] }
    : { publish: [topics.smartropeEvents(device.id)], subscribe: [topics.smartropeCommands(device.id)] };
}

/** The plugin's answers for something that is already as wanted: provisioning again changes nothing. */
const ALREADY = new Set(['Role already exists', 'ACL with this topic already exists', 'Client already exists']);

function requireAdmin(ctx: AppContext): DynsecAdmin {
  if (!ctx.brokerAdmin) throw new AppError('CONFLICT', message('app.errors.brokerNotConfigured'));
  return ctx.brokerAdmin;
}

/** Runs commands; a broker without the plugin (or down) is a 503 with its reason in the log, never a 500. */
async function run(ctx: AppContext, commands: DynsecCommand[], tolerated = ALREADY): Promise<DynsecResponse[]> {
  const admin = requireAdmin(ctx);
  let responses: DynsecResponse[];
  try {
    responses = await admin.run(commands);
  } catch (error) {
    if (!(error instanceof DynsecUnavailableError)) throw error;
    ctx.log.error({ err: error }, 'MQTT broker administration failed: is the dynamic security plugin configured?');
    throw new AppError('UNAVAILABLE', message('app.errors.brokerUnavailable'));
  }
  const refused = responses.find((response) => response.error && !tolerated.has(response.error));
  if (refused) {
    ctx.log.error(
      { command: refused.command, reason: refused.error },
      'MQTT broker refused a dynamic security command',
    );
    throw new AppError(
      'CONFLICT',
      message('app.errors.brokerRefused', { reason: String(refused.error).slice(0, 200) }),
    );
  }
  return responses;
}

/**
 * Gives the device a broker client with a fresh random password, and a role that lets it publish only to its own
 * topics and subscribe only to its own command topic. Used for a new device and for new credentials: an existing
 * client gets the new password (the old one stops working at once) and is enabled again.
 */
export async function provisionBrokerClient(ctx: AppContext, device: BrokerDevice): Promise<BrokerCredentials> {
  const username = brokerUsername(device);
  const password = randomToken(32);
  const topics = brokerTopics(ctx, device);
  const [created] = (
    await run(ctx, [
      { command: 'createClient', username, password, textname: `rope cockpit ${device.kind} ${device.id}` },
      { command: 'createRole', rolename: username },
      ...topics.publish.map((topic) => ({
        command: 'addRoleACL',
        rolename: username,
        acltype: 'publishClientSend',
        topic,
        allow: true,
      })),
      ...topics.subscribe.map((topic) => ({
        command: 'addRoleACL',
        rolename: username,
        acltype: 'subscribeLiteral',
        topic,
        allow: true,
      })),
    ])
  ).slice(0, 1);
  if (created?.error) {
    // The client exists: a new password, enabled again. Its role is added when it lacks it (a provisioning that
    // stopped half-way); the plugin refuses adding a role twice.
    const [client] = await run(ctx, [{ command: 'getClient', username }]);
    const roles = ((client?.data as { client?: { roles?: { rolename: string }[] } })?.client?.roles ?? []).map(
      (role) => role.rolename,
    );
    await run(ctx, [
      { command: 'setClientPassword', username, password },
      { command: 'enableClient', username },
      ...(roles.includes(username) ? [] : [{ command: 'addClientRole', username, rolename: username }]),
    ]);
  } else {
    await run(ctx, [{ command: 'addClientRole', username, rolename: username }]);
  }
  const table = TABLES[device.kind];
  await ctx.db.update(table).set({ brokerUsername: username, brokerEnabled: true }).where(eq(table.id, device.id));
  return { username, password, ...topics };
}

/** Disables the device's broker client: it can no longer connect, and a connected one is dropped at once. */
export async function disableBrokerClient(ctx: AppContext, device: BrokerDevice): Promise<void> {
  const table = TABLES[device.kind];
  const [row] = await ctx.db
    .select({ username: table.brokerUsername, enabled: table.brokerEnabled })
    .from(table)
    .where(eq(table.id, device.id));
  if (!row?.username) return;
  await run(ctx, [{ command: 'disableClient', username: row.username }], new Set(['Client not found']));
  await ctx.db.update(table).set({ brokerEnabled: false }).where(eq(table.id, device.id));
}

export async function brokerAccessOf(ctx: AppContext, device: BrokerDevice): Promise<BrokerAccessView> {
  const table = TABLES[device.kind];
  const [row] = await ctx.db
    .select({ username: table.brokerUsername, enabled: table.brokerEnabled })
    .from(table)
    .where(eq(table.id, device.id));
  return {
    configured: Boolean(ctx.brokerAdmin),
    username: row?.username ?? null,
    enabled: Boolean(row?.username && row.enabled),
    ...brokerTopics(ctx, device),
  };
}

/**
 * For a device just registered: its broker client when the cockpit administers a broker. A broker that cannot do it
 * now does not undo the registration: the answer says why, and the admin asks for new credentials later.
 */
export async function provisionOnCreate(
  ctx: AppContext,
  device: BrokerDevice,
): Promise<{ brokerCredentials?: BrokerCredentials; brokerProblem?: Message }> {
  if (!ctx.brokerAdmin) return {};
  try {
    return { brokerCredentials: await provisionBrokerClient(ctx, device) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ device, refused: error.message }, 'registered without a broker client');
    return { brokerProblem: error.key };
  }
}
