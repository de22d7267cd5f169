import mqtt from 'mqtt';

export const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Why the broker cannot be used, or undefined; under CI=true a missing broker fails the run instead of skipping. */
export async function brokerUnreachable(url = MQTT_URL): Promise<string | undefined> {
  try {
    const client = await mqtt.connectAsync(url, { connectTimeout: 2_000, reconnectPeriod: 0 });
    await client.endAsync();
    return undefined;
  } catch (error) {
    const reason = `MQTT broker at ${url} is not reachable (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`CI needs the MQTT broker: ${reason}`);
    return reason;
  }
}
