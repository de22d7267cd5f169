import type { AppContext } from '../../context.ts';
import { mqttTopics } from '../../infra/device-link.ts';
import type { DynsecCommand, DynsecResponse } from '../../infra/mqtt-dynsec.ts';

/** The plugin's answers for what is already as wanted: provisioning again changes nothing. */
const ALREADY = new Set(['Role already exists', 'ACL with this topic already exists', 'Client already exists']);

/** The broker refused to set up the cockpit's own client: the intake and TRUscan commands cannot work. */
export class CockpitClientRefused extends Error {}

/** The user name and password the cockpit connects with, from MQTT_URL; none when the URL carries none. */
export function cockpitCredentials(url: string): { username: string; password: string } | undefined {
  const parsed = new URL(url);
  if (!parsed.username || !parsed.password) return undefined;
  return { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
}

/**
 * The cockpit's own broker client, made by the cockpit itself when it administers the broker (MQTT_ADMIN_*): the
 * user and password of MQTT_URL, in a role of the same name that may read every topic under MQTT_TOPIC_PREFIX and
 * send TRUscan commands, and nothing else. Run at every start, by every process: it makes what is missing, gives an
 * existing client MQTT_URL's password (a changed password takes effect with the next start) and enables it again,
 * so a new site's broker needs nothing but its admin client (infra/mosquitto/init-dynsec.sh init).
 */
export async function provisionCockpitClient(ctx: Pick<AppContext, 'env' | 'brokerAdmin'>): Promise<boolean> {
  const credentials = ctx.env.MQTT_URL ? cockpitCredentials(ctx.env.MQTT_URL) : undefined;
  const admin = ctx.brokerAdmin;
  if (!admin || !credentials) return false;
  const { username, password } = credentials;
  const topics = mqttTopics(ctx.env.MQTT_TOPIC_PREFIX);
  const run = async (commands: DynsecCommand[], tolerated = ALREADY) => {
    const answers = await admin.run(commands);
    const refused = answers.find((answer) => answer.error && !tolerated.has(answer.error));
    if (refused) throw new CockpitClientRefused(`the broker refused ${refused.command}: ${refused.error}`);
    return answers;
  };
  const created = (
    await run([
      { command: 'createRole', rolename: username, textname: 'rope cockpit: device intake and TRUscan commands' },
      { command: 'addRoleACL', rolename: username, acltype: 'subscribePattern', topic: topics.all, allow: true },
      {
        command: 'addRoleACL',
        rolename: username,
        acltype: 'publishClientSend',
        topic: topics.truscanCommands('+'),
        allow: true,
      },
      { command: 'createClient', username, password, textname: 'rope cockpit', roles: [{ rolename: username }] },
    ])
  )[3];
  if (!created?.error) return true;
  await run([
    { command: 'setClientPassword', username, password },
    { command: 'enableClient', username },
  ]);
  if (await hasRole(run, username)) return true;
  const [added] = await admin.run([{ command: 'addClientRole', username, rolename: username }]);
  // Another process of the cockpit, starting at the same moment, may have added it first: the role is what counts.
  if (added?.error && !(await hasRole(run, username))) {
    throw new CockpitClientRefused(`the broker refused addClientRole: ${added.error}`);
  }
  return true;
}

/**
 * At a process's start: a broker that cannot do it now is logged with what to check, and the start goes on (the
 * intake then says whether it could connect; the API serves everything but TRUscan commands).
 */
export async function provisionCockpitClientAtStart(ctx: Pick<AppContext, 'env' | 'brokerAdmin' | 'log'>) {
  try {
    if (await provisionCockpitClient(ctx)) ctx.log.info("MQTT: the cockpit's own broker client is set up");
  } catch (error) {
    ctx.log.error(
      { err: error },
      "MQTT: could not set up the cockpit's own broker client with MQTT_ADMIN_USERNAME; check that the broker runs the dynamic security plugin and that this admin client exists",
    );
  }
}

async function hasRole(run: (commands: DynsecCommand[]) => Promise<DynsecResponse[]>, username: string) {
  const [client] = await run([{ command: 'getClient', username }]);
  const roles = (client?.data as { client?: { roles?: { rolename: string }[] } } | undefined)?.client?.roles ?? [];
  return roles.some((role) => role.rolename === username);
}
