// Whether a sensor is reporting, without zod: the dashboard shows it on its first screen.

/** The demo and real devices send at least hourly: three missed readings in a row mean the sensor is silent. */
export const SENSOR_SILENT_AFTER_MS = 3 * 3_600_000;

export type SensorReporting = 'reporting' | 'silent' | 'never';

/** A sensor that never sent or stopped sending is never shown as fine. */
export function sensorReporting(lastMeasurementAt: string | null, now: number): SensorReporting {
  if (lastMeasurementAt === null) return 'never';
  const last = Date.parse(lastMeasurementAt);
  if (Number.isNaN(last)) return 'never';
  return now - last > SENSOR_SILENT_AFTER_MS ? 'silent' : 'reporting';
}

/** The rope's sensors by their reporting state, with the oldest last reading of those that went silent. */
export function summariseSensors(sensors: readonly { lastMeasurementAt: string | null }[], now: number) {
  let reporting = 0;
  let silent = 0;
  let never = 0;
  let silentSince: string | null = null;
  for (const sensor of sensors) {
    const state = sensorReporting(sensor.lastMeasurementAt, now);
    if (state === 'reporting') reporting++;
    else if (state === 'never') never++;
    else {
      silent++;
      if (silentSince === null || Date.parse(sensor.lastMeasurementAt!) < Date.parse(silentSince))
        silentSince = sensor.lastMeasurementAt;
    }
  }
  return { total: sensors.length, reporting, silent, never, silentSince };
}
