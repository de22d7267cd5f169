import type { InstallationAttributes } from '@rope/domain/hierarchy/installations';
import { type BaseLayer, DEFAULT_BASE_LAYER } from '@rope/domain/hierarchy/maps';
import type { NotificationSettings, NotificationStatus } from '@rope/domain/notifications/schemas';
import type { RopeAttributes, RopeDamages, TruscanAttributes } from '@rope/domain/ropes/schemas';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { mandators, users } from './accounts.ts';

const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const areas = pgTable(
  'areas',
  {
    id: serial().primaryKey(),
    mandatorId: integer()
      .notNull()
      .references(() => mandators.id, { onDelete: 'restrict' }),
    name: varchar({ length: 255 }).notNull(),
    adminUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    isMap: boolean().notNull().default(true),
    mapZoom: doublePrecision().notNull().default(13),
    mapBaseLayers: jsonb().$type<BaseLayer[]>().notNull().default([]),
    mapDefaultBaseLayer: varchar({ length: 32 }).$type<BaseLayer>().notNull().default(DEFAULT_BASE_LAYER),
    lat: doublePrecision(),
    lng: doublePrecision(),
    ordering: integer().notNull().default(0),
    isDeleted: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index().on(t.mandatorId, t.ordering)],
);

export const installations = pgTable(
  'installations',
  {
    id: serial().primaryKey(),
    areaId: integer()
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    ordering: integer().notNull().default(0),
    latlngs: jsonb().$type<[number, number][]>().notNull().default([]),
    attributes: jsonb().$type<InstallationAttributes>().notNull().default({}),
    notificationSettings: jsonb().$type<NotificationSettings>(),
    notificationStatus: jsonb().$type<NotificationStatus>().notNull().default([]),
    isDeleted: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index().on(t.areaId, t.isDeleted, t.ordering)],
);

export const ropes = pgTable(
  'ropes',
  {
    id: serial().primaryKey(),
    installationId: integer()
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    ordering: integer().notNull().default(0),
    latlngs: jsonb().$type<[number, number][]>().notNull().default([]),
    attributes: jsonb().$type<RopeAttributes>().notNull().default({}),
    truscanAttributes: jsonb().$type<TruscanAttributes>().notNull().default({}),
    /** Recomputed in the same transaction as any change to the rope's events. */
    damages: jsonb().$type<RopeDamages>(),
    notificationStatus: jsonb().$type<NotificationStatus>().notNull().default([]),
    isDeleted: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [index().on(t.installationId, t.isDeleted, t.ordering)],
);
