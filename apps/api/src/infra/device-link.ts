import mqtt, { type MqttClient } from 'mqtt';
import { MQTT_TOPICS, type MqttTopics } from './mqtt-topics.ts';

export { MQTT_TOPICS, type MqttTopics, mqttTopics } from './mqtt-topics.ts';

export interface TruscanCommand {
  requestId: number;
  command: 'startMeasurement';
  reason: string;
  requestedAt: string;
}

/** How the cockpit tells a device something: over MQTT when a broker is set, else the device fetches it over HTTP. */
export interface DeviceLink {
  /** `published` once the broker took it (QoS 1), `offered` when the device is to fetch it. */
  sendTruscanCommand(ropeId: number, command: TruscanCommand): Promise<'published' | 'offered'>;
  close(): Promise<void>;
}

export function createHttpDeviceLink(): DeviceLink {
  return {
    sendTruscanCommand: async () => 'offered',
    close: async () => {},
  };
}

/** One connection, opened with the first command and kept; a broker that is down fails the job, which retries. */
export function createMqttDeviceLink(
  url: string,
  topics: MqttTopics = MQTT_TOPICS,
  clientId = `rope-cockpit-api-${process.pid}`,
): DeviceLink {
  let client: Promise<MqttClient> | undefined;
  const connect = () => {
    client ??= mqtt.connectAsync(url, { clientId, connectTimeout: 5_000, reconnectPeriod: 1_000 }).catch((error) => {
      client = undefined;
      throw error;
    });
    return client;
  };
  return {
    async sendTruscanCommand(ropeId, command) {
      const connected = await connect();
      await connected.publishAsync(topics.truscanCommands(ropeId), JSON.stringify(command), { qos: 1 });
      return 'published';
    },
    async close() {
      if (!client) return;
      const connected = await client.catch(() => undefined);
      await connected?.endAsync();
    },
  };
}
