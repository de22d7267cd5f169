import type { Role } from '@rope/domain/access/roles';
import type { MandatorSettings } from '@rope/domain/mandators/schemas';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const mandators = pgTable('mandators', {
  id: serial().primaryKey(),
  name: varchar({ length: 255 }).notNull(),
  settings: jsonb().$type<MandatorSettings>().notNull().default({}),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: varchar({ length: 255 }).notNull(),
    /**
     * The address a client admin gave that belongs to someone they cannot see (docs/auth.md, "Addresses in use"):
     * shown to them as the email, while `email` holds an undeliverable placeholder until an admin settles it.
     */
    requestedEmail: varchar({ length: 255 }),
    firstname: varchar({ length: 45 }).notNull().default(''),
    lastname: varchar({ length: 45 }).notNull().default(''),
    phone: varchar({ length: 45 }),
    function: varchar({ length: 45 }),
    roles: text().array().$type<Role[]>().notNull(),
    languageId: varchar({ length: 3 }).notNull().default('ENU'),
    notificationEnabled: boolean().notNull().default(true),
    unsubscribedAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(false),
    passwordHash: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    loginMethod: varchar({ length: 20 }).notNull().default('password'),
    twoFactorMethod: varchar({ length: 20 }),
    twoFactorSecret: text(),
    /** Last accepted TOTP time step, so a code cannot be replayed. */
    twoFactorLastStep: integer(),
    samlProvider: varchar({ length: 64 }),
    pictureUri: varchar({ length: 500 }),
    createdAt: createdAt(),
    lastLoginAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_requested_email_lower_idx').on(sql`lower(${t.requestedEmail})`),
  ],
);

export const userMandators = pgTable(
  'user_mandators',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mandatorId: integer()
      .notNull()
      .references(() => mandators.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mandatorId] }), index().on(t.mandatorId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the raw id never reaches the database. */
    idHash: varchar({ length: 64 }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    twoFactorComplete: boolean().notNull().default(false),
    emailCodeHash: varchar({ length: 64 }),
    emailCodeExpiresAt: timestamp({ withTimezone: true }),
    /** The code that completes this sign-in when it is not the user's second factor (passwordless methods). */
    pendingMethod: varchar({ length: 16 }),
    isLive: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    prefix: varchar({ length: 16 }).notNull(),
    keyHash: varchar({ length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /** After this the key is refused; none: it holds until revoked. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

export const USER_TOKEN_KINDS = ['reset', 'activate', 'login'] as const;
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 16 }).$type<(typeof USER_TOKEN_KINDS)[number]>().notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.kind)],
);

/** Fixed-window counters for login throttling, shared by every API process. */
export const throttleBuckets = pgTable('throttle_buckets', {
  key: varchar({ length: 300 }).primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 64 }).notNull(),
    targetType: varchar({ length: 32 }),
    targetId: integer(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar({ length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.actorUserId)],
);

export const appMeta = pgTable('app_meta', {
  key: varchar({ length: 64 }).primaryKey(),
  value: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
