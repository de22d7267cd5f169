/** Sensor devices, their readings and rollups. Other modules reach it through this file only. */
export { ingestSensorReadings } from './ingest.ts';
export { findDevice, mountedVisibleTo } from './internal.ts';
export { ropeToMount } from './mount.ts';
