import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;

/** One command of Mosquitto's dynamic security plugin (mosquitto.org/documentation/dynamic-security). */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
}

/** The broker could not be reached, or did not answer as one with the dynamic security plugin would. */
export class DynsecUnavailableError extends Error {}

/** Sends dynamic security commands as the configured admin client and reads the plugin's answers. */
export interface DynsecAdmin {
  /** The answers in the order of the commands: each with the plugin's `error` when it refused that one. */
  run(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]>;
  close(): Promise<void>;
}

export interface DynsecAdminOptions {
  url: string;
  username: string;
  password: string;
  /** How long to wait for the plugin's answer: none means the broker lacks the plugin. */
  timeoutMs?: number;
}

/**
 * One connection, opened with the first command and kept. Answers are matched by the correlation data the plugin
 * echoes on the first response of a batch.
 */
export function createDynsecAdmin({ url, username, password, timeoutMs = 5_000 }: DynsecAdminOptions): DynsecAdmin {
  let client: Promise<MqttClient> | undefined;
  const waiting = new Map<string, (responses: DynsecResponse[]) => void>();
  // The broker's address without the cockpit's own credentials (MQTT_URL may carry them): mqtt.js would let those of
  // the URL win over the admin's.
  const broker = new URL(url);
  broker.username = '';
  broker.password = '';
  const connect = () => {
    client ??= (async () => {
      const connected = await mqtt.connectAsync(broker.toString(), {
        username,
        password,
        clientId: `rope-cockpit-dynsec-${process.pid}-${randomUUID().slice(0, 8)}`,
        connectTimeout: timeoutMs,
        reconnectPeriod: 1_000,
      });
      connected.on('message', (topic, payload) => {
        if (topic !== RESPONSE_TOPIC) return;
        try {
          const { responses } = JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] };
          const id = (responses?.[0] as { correlationData?: string } | undefined)?.correlationData;
          if (id && responses) waiting.get(id)?.(responses);
        } catch {
          // Not an answer of ours.
        }
      });
      const granted = await connected.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
      if (granted.some((grant) => grant.qos === 128)) {
        await connected.endAsync(true);
        throw new DynsecUnavailableError(`the broker refused ${username} the subscription to ${RESPONSE_TOPIC}`);
      }
      return connected;
    })().catch((error: unknown) => {
      client = undefined;
      throw error instanceof DynsecUnavailableError
        ? error
        : new DynsecUnavailableError(`cannot connect to the broker as ${username}: ${(error as Error).message}`);
    });
    return client;
  };
  return {
    async run(commands) {
      if (commands.length === 0) return [];
      const connected = await connect();
      const id = randomUUID();
      const [first, ...rest] = commands;
      const answer = new Promise<DynsecResponse[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(
            new DynsecUnavailableError(
              `no answer on ${RESPONSE_TOPIC} within ${timeoutMs} ms: is the dynamic security plugin loaded, and may ${username} use it?`,
            ),
          );
        }, timeoutMs);
        waiting.set(id, (responses) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(responses);
        });
      });
      try {
        await connected.publishAsync(
          CONTROL_TOPIC,
          JSON.stringify({ commands: [{ ...first, correlationData: id }, ...rest] }),
          {
            qos: 1,
          },
        );
      } catch (error) {
        waiting.get(id)?.([]);
        throw new DynsecUnavailableError(`cannot publish to ${CONTROL_TOPIC}: ${(error as Error).message}`);
      }
      return answer;
    },
    async close() {
      if (!client) return;
      const connected = await client.catch(() => undefined);
      await connected?.endAsync();
    },
  };
}
