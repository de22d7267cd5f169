/** The first level of every topic, unless MQTT_TOPIC_PREFIX says otherwise (one broker for several cockpits). */
export const DEFAULT_MQTT_TOPIC_PREFIX = 'rope-cockpit';

/** The topics devices and the cockpit talk on (docs/sensors.md), under a prefix. */
export function mqttTopics(prefix: string = DEFAULT_MQTT_TOPIC_PREFIX) {
  return {
    sensorReadings: (deviceId: number | '+') => `${prefix}/sensor-devices/${deviceId}/measurements`,
    smartropeEvents: (smartropeId: number | '+') => `${prefix}/smartropes/${smartropeId}/events`,
    truscanState: (ropeId: number | '+') => `${prefix}/ropes/${ropeId}/truscan/state`,
    truscanCommands: (ropeId: number | '+') => `${prefix}/ropes/${ropeId}/truscan/commands`,
    /** Reserved for commands to a sensor device or smartrope: each may subscribe to its own. */
    sensorDeviceCommands: (deviceId: number) => `${prefix}/sensor-devices/${deviceId}/commands`,
    smartropeCommands: (smartropeId: number) => `${prefix}/smartropes/${smartropeId}/commands`,
    /** Everything the cockpit's own client reads. */
    all: `${prefix}/#`,
  } as const;
}
export type MqttTopics = ReturnType<typeof mqttTopics>;

export const MQTT_TOPICS: MqttTopics = mqttTopics();
