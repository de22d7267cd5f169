import type { Db } from '@rope/db/client';
import { apiKeys, areas, installations, mandators, ropes, userMandators, users } from '@rope/db/schema/index';
import type { Role } from '@rope/domain/roles';
import type { FastifyInstance } from 'fastify';
import { hashPassword, randomToken, sha256 } from '../infra/crypto.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${process.pid}-${sequence}`;
};

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export async function createMandator(db: Db, name = `Mandator ${next()}`) {
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

export async function createUser(db: Db, options: TestUserOptions = {}) {
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
      languageId: options.languageId ?? 'ENU',
    })
    .returning();
  if (options.mandatorIds?.length) {
    await db.insert(userMandators).values(options.mandatorIds.map((mandatorId) => ({ userId: user!.id, mandatorId })));
  }
  return user!;
}

export async function createApiKey(db: Db, role: Role, mandatorIds: number[] = []) {
  const user = await createUser(db, { roles: [role], mandatorIds, password: null });
  const key = `rc_test_${randomToken(32)}`;
  await db.insert(apiKeys).values({ userId: user.id, name: role, prefix: key.slice(0, 12), keyHash: sha256(key) });
  return { user, key };
}

export async function createArea(db: Db, mandatorId: number, name = `Area ${next()}`) {
  const [area] = await db.insert(areas).values({ mandatorId, name, lat: 46.5, lng: 8.1 }).returning();
  return area!;
}

export async function createInstallation(db: Db, areaId: number, name = `Installation ${next()}`) {
  const [installation] = await db.insert(installations).values({ areaId, name }).returning();
  return installation!;
}

export async function createRope(db: Db, installationId: number, name = `Rope ${next()}`) {
  const [rope] = await db.insert(ropes).values({ installationId, name }).returning();
  return rope!;
}

/** Signs in through POST /api/login/json and answers the session cookie header for later requests. */
export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login/json', payload: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'rc_session');
  if (!cookie) throw new Error('login answered no session cookie');
  return `rc_session=${cookie.value}`;
}
