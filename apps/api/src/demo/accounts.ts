import { createHmac } from 'node:crypto';
import type { Db } from '@rope/db/client';
import { apiKeys, mandators, userMandators, users } from '@rope/db/schema/index';
import type { ApiRole, Role } from '@rope/domain/access/roles';
import { API_KEY_PREFIX_LENGTH } from '@rope/domain/users/api-keys';
import { toE164 } from '@rope/domain/users/phone';
import { sha256 } from '../infra/crypto.ts';
import { MANDATORS, STAFF } from './catalog.ts';
import { DAY, deriveHex } from './random.ts';

export const DEMO_PASSWORD = 'ropecockpit-demo';

interface AccountSpec {
  email: string;
  role: Role;
  firstname: string;
  lastname: string;
  function?: string;
  languageId?: string;
  /** Index into MANDATORS. */
  mandator?: number;
}

/** The accounts the demo announces; their emails mark a database as holding the demo data. */
export const DEMO_ACCOUNTS: AccountSpec[] = [
  { email: 'admin@example.com', role: 'ROLE_ADMIN', firstname: 'Sabine', lastname: 'Keller', function: 'director' },
  { email: 'pm@example.com', role: 'ROLE_PROJECT_MANAGER', firstname: 'Marco', lastname: 'Bernasconi' },
  {
    email: 'clientadmin@example.com',
    role: 'ROLE_CLIENT_ADMIN',
    firstname: 'Thomas',
    lastname: 'Julen',
    function: 'operationsManager',
    mandator: 0,
  },
  {
    email: 'client@example.com',
    role: 'ROLE_USER',
    firstname: 'Laura',
    lastname: 'Biner',
    function: 'ropewayMechanic',
    languageId: 'DES',
    mandator: 0,
  },
  { email: 'free@example.com', role: 'ROLE_FREE_USER', firstname: 'Felix', lastname: 'Brunner' },
];

const API_ACCOUNTS: { role: ApiRole; slug: string; mandator?: number }[] = [
  { role: 'ROLE_API_INTERNAL', slug: 'internal' },
  { role: 'ROLE_API_IMPORT', slug: 'import', mandator: 0 },
  { role: 'ROLE_API_EXTERNAL', slug: 'external', mandator: 0 },
];

/** Mobile prefixes of the demo mandators' countries; the numbers are saved in E.164 as the user forms save them. */
const PHONE_PREFIX = ['+41 79', '+43 664', '+33 6 12'];

const staffEmail = (firstname: string, lastname: string, domain: string) =>
  `${firstname}.${lastname}@${domain}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** Every email the demo creates, for the "already present" check. */
export function demoEmails(): string[] {
  const staff = STAFF.flatMap((people, m) =>
    people.map((p) => staffEmail(p.firstname, p.lastname, MANDATORS[m]?.domain ?? '')),
  );
  return [...DEMO_ACCOUNTS.map((a) => a.email), ...API_ACCOUNTS.map((a) => `api-${a.slug}@example.com`), ...staff];
}

/**
 * API keys are derived from the data directory's random demo key secret, so they differ on every install and a
 * second start can show them again; only their hashes are stored.
 */
export function demoApiKeys(keySecret: string): { role: ApiRole; key: string }[] {
  return API_ACCOUNTS.map((a) => ({
    role: a.role,
    key: `rc_demo_${a.slug}_${createHmac('sha256', keySecret).update(`api-key:${a.slug}`).digest('hex').slice(0, 32)}`,
  }));
}

/** The keys of earlier versions, the same on every install: replaced on start (load.ts) so they stop working. */
export function legacyDemoApiKeys(seed: number): { role: ApiRole; key: string }[] {
  return API_ACCOUNTS.map((a) => ({
    role: a.role,
    key: `rc_demo_${a.slug}_${deriveHex(seed, `api-key:${a.slug}`, 32)}`,
  }));
}

export interface DemoPeople {
  mandatorIds: number[];
  adminId: number;
  pmId: number;
  /** Client users (ROLE_USER and ROLE_CLIENT_ADMIN) per mandator index. */
  clientsByMandator: number[][];
  clientAdminByMandator: number[];
  nameOf: Map<number, string>;
}

export async function insertAccounts(
  db: Db,
  keySecret: string,
  passwordHash: string,
  ref: number,
): Promise<DemoPeople> {
  const created = new Date(ref - 6 * 365 * DAY);
  const mandatorRows = await db
    .insert(mandators)
    .values(MANDATORS.map((m, i) => ({ name: m.name, settings: {}, createdAt: new Date(created.getTime() + i * DAY) })))
    .returning({ id: mandators.id });
  const mandatorIds = mandatorRows.map((r) => r.id);

  const specs: AccountSpec[] = [...DEMO_ACCOUNTS];
  for (const a of API_ACCOUNTS) {
    specs.push({
      email: `api-${a.slug}@example.com`,
      role: a.role,
      firstname: 'API',
      lastname: a.slug,
      mandator: a.mandator,
    });
  }
  STAFF.forEach((people, m) => {
    for (const p of people) {
      const email = staffEmail(p.firstname, p.lastname, MANDATORS[m]?.domain ?? '');
      specs.push({ ...p, email, mandator: m, languageId: m === 2 ? 'FRS' : m === 1 ? 'DES' : 'ENU' });
    }
  });

  const isApi = (role: Role) => role.startsWith('ROLE_API_');
  const userRows = await db
    .insert(users)
    .values(
      specs.map((s, i) => ({
        email: s.email,
        firstname: s.firstname,
        lastname: s.lastname,
        function: s.function ?? null,
        phone: isApi(s.role)
          ? null
          : toE164(`${PHONE_PREFIX[s.mandator ?? 0]} 555 ${String(10 + i)} ${String(20 + i * 3).slice(-2)}`),
        roles: [s.role],
        languageId: s.languageId ?? 'ENU',
        isActive: true,
        passwordHash: isApi(s.role) ? null : passwordHash,
        passwordChangedAt: isApi(s.role) ? null : new Date(ref - 60 * DAY),
        loginMethod: isApi(s.role) ? 'no-password' : 'password',
        createdAt: new Date(created.getTime() + (i + 5) * DAY),
      })),
    )
    .returning({ id: users.id });
  const ids = userRows.map((r) => r.id);

  const links: { userId: number; mandatorId: number }[] = [];
  const clientsByMandator: number[][] = MANDATORS.map(() => []);
  const clientAdminByMandator: number[] = [];
  const nameOf = new Map<number, string>();
  specs.forEach((s, i) => {
    const userId = ids[i] as number;
    nameOf.set(userId, `${s.firstname} ${s.lastname}`);
    if (s.mandator === undefined) return;
    links.push({ userId, mandatorId: mandatorIds[s.mandator] as number });
    if (s.role === 'ROLE_USER' || s.role === 'ROLE_CLIENT_ADMIN') clientsByMandator[s.mandator]?.push(userId);
    if (s.role === 'ROLE_CLIENT_ADMIN' && clientAdminByMandator[s.mandator] === undefined) {
      clientAdminByMandator[s.mandator] = userId;
    }
  });
  await db.insert(userMandators).values(links);

  const keys = demoApiKeys(keySecret);
  await db.insert(apiKeys).values(
    keys.map((k) => ({
      userId: ids[specs.findIndex((s) => s.role === k.role)] as number,
      name: `Demo key (${k.role})`,
      prefix: k.key.slice(0, API_KEY_PREFIX_LENGTH),
      keyHash: sha256(k.key),
      createdAt: new Date(ref - 30 * DAY),
    })),
  );

  return {
    mandatorIds,
    adminId: ids[0] as number,
    pmId: ids[1] as number,
    clientsByMandator,
    clientAdminByMandator,
    nameOf,
  };
}
