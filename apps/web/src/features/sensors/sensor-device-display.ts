import type { SensorDeviceView } from '@rope/domain/sensors/views';

/** The newest reading of any of a device's sensors, null before the first. */
export function lastReading(device: Pick<SensorDeviceView, 'sensors'>): string | null {
  let newest: string | null = null;
  for (const sensor of device.sensors) {
    const at = sensor.lastMeasurementAt;
    if (at && (newest === null || Date.parse(at) > Date.parse(newest))) newest = at;
  }
  return newest;
}

/** A smartrope's sensors in a line: "Magnetic flux (mT), Strain (µm/m)". */
export function sensorList(sensors: readonly { name: string; unit: string }[]): string {
  return sensors.map((sensor) => (sensor.unit ? `${sensor.name} (${sensor.unit})` : sensor.name)).join(', ');
}
