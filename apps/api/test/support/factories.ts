import type { Db } from '@rope/db/client';
import {
  apiKeys,
  areas,
  documents,
  installations,
  mandators,
  notificationDeliveries,
  notifications,
  ropeEvents,
  ropes,
  taskAssignees,
  tasks,
  userMandators,
  users,
} from '@rope/db/schema/index';
import type { Role } from '@rope/domain/access/roles';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import type { TaskAttributes } from '@rope/domain/tasks/schemas';
import { hashPassword, randomToken, sha256 } from '../../src/infra/crypto.ts';
import type { Storage } from '../../src/infra/storage/types.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${process.pid}-${sequence}`;
};

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export async function seedMandator(db: Db, name = `Mandator ${next()}`) {
  const [mandator] = await db.insert(mandators).values({ name }).returning();
  return mandator!;
}

export interface TestUserOptions {
  roles?: Role[];
  mandatorIds?: number[];
  email?: string;
  password?: string | null;
  isActive?: boolean;
  twoFactorMethod?: 'authenticator' | 'email';
  twoFactorSecret?: string;
  languageId?: string;
}

export async function seedUser(db: Db, options: TestUserOptions = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash =
    options.password === null ? null : options.password ? await hashPassword(options.password) : await passwordHash;
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${next()}@test.example`,
      firstname: 'Test',
      lastname: 'User',
      roles: options.roles ?? ['ROLE_USER'],
      isActive: options.isActive ?? true,
      passwordHash: hash,
      passwordChangedAt: new Date(),
      twoFactorMethod: options.twoFactorMethod ?? null,
      twoFactorSecret: options.twoFactorSecret ?? null,
      // The default world of the tests: a German-speaking user (see vitest.shared.ts for the time zone).
      languageId: options.languageId ?? 'DES',
    })
    .returning();
  if (options.mandatorIds?.length) {
    await db.insert(userMandators).values(options.mandatorIds.map((mandatorId) => ({ userId: user!.id, mandatorId })));
  }
  return user!;
}

export async function seedApiKey(db: Db, role: Role, mandatorIds: number[] = []) {
  const user = await seedUser(db, { roles: [role], mandatorIds, password: null });
  const key = `rc_test_${randomToken(32)}`;
  await db.insert(apiKeys).values({ userId: user.id, name: role, prefix: key.slice(0, 12), keyHash: sha256(key) });
  return { user, key };
}

export async function seedArea(db: Db, mandatorId: number, name = `Area ${next()}`) {
  const [area] = await db.insert(areas).values({ mandatorId, name, lat: 46.5, lng: 8.1 }).returning();
  return area!;
}

export async function seedInstallation(db: Db, areaId: number, name = `Installation ${next()}`) {
  const [installation] = await db.insert(installations).values({ areaId, name }).returning();
  return installation!;
}

export async function seedRope(db: Db, installationId: number, name = `Rope ${next()}`) {
  const [rope] = await db.insert(ropes).values({ installationId, name }).returning();
  return rope!;
}

export interface TestEvent {
  position?: number | null;
  attributes?: Partial<RopeEventAttributes>;
  isDeleted?: boolean;
}

const WIRE_BREAK = {
  timestamp: '2026-01-01T00:00:00Z',
  recordingType: 'damage',
  type: 'wireBreak',
  actionStatus: 'new',
  isImported: false,
} as const;

/**
 * Rope events written straight to the table (a wire break at 10 m unless told), with the columns the API copies from
 * the attributes. The rope's stored damage is not recomputed: that is what saving through the API does.
 */
/** Broken wires found by hand on 1 March 2026: the damage most tests need. */
export const wireBreakAttributes = (damageCount: number): RopeEventAttributes => ({
  ...WIRE_BREAK,
  timestamp: '2026-03-01T10:00:00Z',
  damageCount,
});

export async function seedEvents(db: Db, ropeId: number, events: readonly TestEvent[]) {
  if (events.length === 0) return [];
  return db
    .insert(ropeEvents)
    .values(
      events.map((event) => {
        const attributes = { ...WIRE_BREAK, ...event.attributes } as RopeEventAttributes;
        return {
          ropeId,
          position: event.position === undefined ? 10 : event.position,
          attributes,
          occurredAt: new Date(attributes.timestamp),
          recordingType: attributes.recordingType,
          type: attributes.type,
          isDeleted: event.isDeleted ?? false,
        };
      }),
    )
    .returning();
}

export async function seedEvent(db: Db, ropeId: number, event: TestEvent = {}) {
  const [row] = await seedEvents(db, ropeId, [event]);
  return row!;
}

/**
 * A file stored and its document row written straight to the table, on an event: e.g. a photo as it was stored before
 * uploads were cleaned (`storedUncleaned`).
 */
export async function seedStoredDocument(
  { db, storage }: { db: Db; storage: Storage },
  eventId: number,
  file: { name: string; content: Buffer; mimeType: string; extension: string; storedUncleaned?: boolean },
) {
  const object = await storage.put(file.content, {
    prefix: 'documents',
    extension: file.extension,
    type: file.mimeType,
  });
  const [row] = await db
    .insert(documents)
    .values({
      name: file.name,
      mimeType: file.mimeType,
      storageKey: object.key,
      size: object.size,
      targetType: 'event',
      targetId: eventId,
      storedUncleaned: file.storedUncleaned ?? false,
    })
    .returning();
  return row!;
}

/** A task written straight to the table (new, not recurring unless told), with its assignees. */
export async function seedTask(
  db: Db,
  ropeId: number,
  options: { attributes?: Partial<TaskAttributes>; assigneeIds?: number[]; updatedAt?: Date } = {},
) {
  const attributes: TaskAttributes = {
    title: `Task ${next()}`,
    description: 'Check the rope',
    status: 'new',
    isRecurring: false,
    recurringConditions: [],
    isInternal: false,
    ...options.attributes,
  };
  const [task] = await db
    .insert(tasks)
    .values({
      ropeId,
      attributes,
      status: attributes.status,
      dueAt: attributes.dueAt ? new Date(attributes.dueAt) : null,
      ...(options.updatedAt ? { updatedAt: options.updatedAt } : {}),
    })
    .returning();
  if (options.assigneeIds?.length) {
    await db.insert(taskAssignees).values(options.assigneeIds.map((userId) => ({ taskId: task!.id, userId })));
  }
  return task!;
}

export interface TestNotification {
  installationId: number;
  areaId: number;
  ropeId?: number | null;
  type?: string;
  threshold?: number | null;
  text?: string;
  details?: NotificationTextInput | null;
  idempotencyKey?: string;
  triggeredAt?: Date;
  /** One delivery per entry, pending. */
  deliveries?: { userId: number; channel?: 'email' | 'sms' }[];
}

/** A notification written straight to the table (a damage event unless told), with its deliveries. */
export async function seedNotification(db: Db, notification: TestNotification) {
  const { deliveries = [], ...fields } = notification;
  const [row] = await db
    .insert(notifications)
    .values({
      type: 'damage',
      text: 'New damage event',
      idempotencyKey: `test-notification-${next()}`,
      ...fields,
    })
    .returning();
  const deliveryRows = deliveries.length
    ? await db
        .insert(notificationDeliveries)
        .values(
          deliveries.map(({ userId, channel }) => ({ notificationId: row!.id, userId, channel: channel ?? 'email' })),
        )
        .returning()
    : [];
  return { ...row!, deliveries: deliveryRows };
}
