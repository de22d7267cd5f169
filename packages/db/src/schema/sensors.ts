import type { SensorAttributes } from '@rope/domain/sensors/schemas';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { ropes } from './hierarchy.ts';

export const sensorDevices = pgTable(
  'sensor_devices',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 255 }).notNull(),
    ropeId: integer().references(() => ropes.id, { onDelete: 'set null' }),
    attributes: jsonb().$type<{ iccid?: string; imei?: string; firmware?: string }>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Its client on the MQTT broker (dynamic security), once provisioned; the password is never stored. */
    brokerUsername: varchar({ length: 64 }),
    /** False once its broker client was disabled (revoked); new credentials enable it again. */
    brokerEnabled: boolean().notNull().default(false),
  },
  (t) => [index().on(t.ropeId)],
);

export const sensors = pgTable(
  'sensors',
  {
    id: serial().primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => sensorDevices.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    attributes: jsonb().$type<SensorAttributes>().notNull().default({}),
    isDeleted: boolean().notNull().default(false),
  },
  (t) => [index().on(t.deviceId)],
);

/**
 * No foreign key to `sensors`: its check costs a lookup per inserted row, as much as the insert itself. A sensor is
 * archived, never deleted, and ingestion stores only readings of the device's own sensors.
 */
const measurementColumns = {
  sensorId: integer().notNull(),
  ts: timestamp({ withTimezone: true }).notNull(),
};

/** One row a reading; the primary key (sensor, ts) serves range scans and is its only index. */
export const sensorMeasurements = pgTable(
  'sensor_measurements',
  { ...measurementColumns, value: doublePrecision().notNull() },
  (t) => [primaryKey({ columns: [t.sensorId, t.ts] })],
);

const rollupColumns = () => ({
  ...measurementColumns,
  count: integer().notNull(),
  sum: doublePrecision().notNull(),
  min: doublePrecision().notNull(),
  max: doublePrecision().notNull(),
});

export const sensorMeasurements1m = pgTable('sensor_measurements_1m', rollupColumns(), (t) => [
  primaryKey({ columns: [t.sensorId, t.ts] }),
]);
export const sensorMeasurements1h = pgTable('sensor_measurements_1h', rollupColumns(), (t) => [
  primaryKey({ columns: [t.sensorId, t.ts] }),
]);
