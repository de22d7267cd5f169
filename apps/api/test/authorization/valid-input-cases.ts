import { folders, users, userTokens } from '@rope/db/schema/index';
import { isApiRole } from '@rope/domain/access/actor';
import type { Role } from '@rope/domain/access/roles';
import { mayUseLoginMethod } from '@rope/domain/auth/rules';
import { EVENT_TYPES_BY_RECORDING, type RecordingType } from '@rope/domain/events/kinds';
import { THRESHOLD_RANGES } from '@rope/domain/notifications/kinds';
import { PERIOD_TYPES } from '@rope/domain/tasks/kinds';
import type { LoginMethod } from '@rope/domain/users/fields';
import { eq } from 'drizzle-orm';
import { appSecret } from '../../src/infra/app-secret.ts';
import { randomToken, sha256 } from '../../src/infra/crypto.ts';
import { unsubscribeToken } from '../../src/mail/unsubscribe-link.ts';
import { seedApiKey, seedUser, TEST_PASSWORD } from '../support/factories.ts';
import { acsForm } from '../support/saml-idp.ts';
import type { BatteryWorld } from './battery-world.ts';
import { ROWS, type RouteRow } from './route-table.ts';
import { AUTH_ROWS } from './route-table-auth.ts';
import { DOCUMENT_ROWS, numberIn, projectIn } from './route-table-documents.ts';
import { DOMAIN_ROWS } from './route-table-domain.ts';
import { MRT_ROWS, measurementIn } from './route-table-mrt.ts';
import { SENSOR_ROWS } from './route-table-sensors.ts';
import { WEBHOOK_ROWS } from './route-table-webhooks.ts';
import type { ActorName } from './world.ts';

export type Actor = ActorName | 'nobody';
export interface ValidRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  actor?: Actor;
}

/**
 * What the schema cannot say about a route: who may call it, the path values it needs, fields to leave out or
 * fix, or a whole hand-written request. `why` says which.
 */
export interface ValidCase {
  why: string;
  actor?: Actor;
  /** The answers that mean success, where it is not 200/201/204 (a redirect). */
  status?: number[];
  draws?: number;
  omit?: readonly string[];
  /** Ids by field name, where the world's default object is not the right one. */
  ids?: Record<string, number>;
  query?: Record<string, string>;
  /** Fixes the generated query where a rule across parameters decides (a range's order). */
  fixQuery?: (query: URLSearchParams) => void;
  /** An event stream: success is its 200 and content type, read off a real connection. */
  stream?: boolean;
  params?: (b: BatteryWorld, random: () => number) => Promise<Record<string, string>> | Record<string, string>;
  /** Fixes the generated body where a rule across fields decides. */
  body?: (generated: unknown, b: BatteryWorld, random: () => number) => unknown;
  request?: (b: BatteryWorld, random: () => number) => Promise<ValidRequest>;
}

const MATRIX: RouteRow[] = [
  ...AUTH_ROWS,
  ...ROWS,
  ...DOMAIN_ROWS,
  ...DOCUMENT_ROWS,
  ...SENSOR_ROWS,
  ...MRT_ROWS,
  ...WEBHOOK_ROWS,
];
const PREFERRED: ActorName[] = ['admin', 'apiImport', 'apiInternal', 'projectManager'];

/** The matrix's own hand-written request for a route (uploads, device files), sent by the first actor it lets. */
function fromMatrix(path: string, why: string, preferred: ActorName[] = PREFERRED): ValidCase {
  const [method, url] = path.split(' ');
  const route = `${method} ${url!.replace(/\{(\w+)\}/g, ':$1')}`;
  const row = MATRIX.find((candidate) => candidate.route === route);
  if (!row) throw new Error(`no matrix row for ${route}`);
  const succeeds = (expected: unknown) => {
    const own = typeof expected === 'object' && expected && 'own' in expected ? expected.own : expected;
    return typeof own === 'number' && own >= 200 && own < 300;
  };
  const actor = preferred.find((candidate) => succeeds(row.expect[candidate]));
  if (!actor) throw new Error(`no actor succeeds on ${route} in the matrix`);
  return {
    why,
    actor,
    request: async (b) => {
      const cell = await row.build(b.world, 'own', actor);
      return { url: cell.url, payload: cell.payload, headers: cell.headers, actor };
    },
  };
}

async function mintToken(b: BatteryWorld, kind: 'reset' | 'activate' | 'login', userId: number) {
  const token = randomToken(32);
  await b.world.t.ctx.db
    .insert(userTokens)
    .values({ userId, kind, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}
const person = async (b: BatteryWorld) => seedUser(b.world.t.ctx.db, { mandatorIds: [b.mandator] });

/** MRT decisions need a peak of a stored file: each draw decides on a new one. */
let lastPeak = 0;
const mrtDecision = (why: string): ValidCase => ({
  why,
  params: async (b) => {
    const measurement = await measurementIn(b.world, 'own');
    lastPeak = measurement.peak;
    return { id: String(measurement.event.id) };
  },
  body: (generated) => ({ ...(generated as object), index: lastPeak }),
});

type Json = Record<string, unknown>;
const pickFrom = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** The event form's rules across fields: a type of its recording type, a loss with its unit, ranges in order. */
function consistentEvent(event: Json, random: () => number): Json {
  const attributes = { ...(event.attributes as Json) };
  const recordingType = (attributes.recordingType ?? 'damage') as RecordingType;
  attributes.recordingType = recordingType;
  attributes.type = pickFrom(random, EVENT_TYPES_BY_RECORDING[recordingType]);
  if (attributes.crossSectionLossAmount !== undefined) attributes.crossSectionLossUnit ??= 'percent';
  let position = event.position as number | null | undefined;
  if (['repairPiece', 'sectionReplacement', 'shortening', 'extension'].includes(attributes.type as string)) {
    position = typeof position === 'number' ? position : 12.5;
    if (typeof attributes.positionEnd !== 'number') attributes.positionEnd = position + 5;
  }
  if (attributes.type === 'shortening' || attributes.type === 'extension') {
    const size = Math.abs((attributes.lengthChange as number | undefined) ?? 1.5) || 1.5;
    attributes.lengthChange = attributes.type === 'shortening' ? -size : size;
  }
  if (Array.isArray(attributes.splices)) {
    attributes.splices = (attributes.splices as Json[]).map((splice) => {
      const [start, end] = [splice.positionStart as number, splice.positionEnd as number].sort((a, b) => a - b);
      return { ...splice, positionStart: start, positionEnd: end };
    });
  }
  return { ...event, ...(position === undefined ? {} : { position }), attributes };
}

/** The task form's rules across fields: a due condition whole or absent, distinct recurring conditions, one period. */
function consistentTask(task: Json): Json {
  const attributes = { ...(task.attributes as Json) };
  const due = attributes.dueCondition as Json | undefined;
  if (due)
    attributes.dueCondition = { type: 'bendingCycles', threshold: (due.threshold as number | undefined) ?? 1000 };
  if (Array.isArray(attributes.recurringConditions)) {
    const seen = new Set<unknown>();
    let periods = 0;
    attributes.recurringConditions = (attributes.recurringConditions as Json[]).filter((condition) => {
      const isPeriod = (PERIOD_TYPES as readonly unknown[]).includes(condition.type);
      if (seen.has(condition.type) || (isPeriod && periods > 0)) return false;
      seen.add(condition.type);
      if (isPeriod) periods += 1;
      return true;
    });
  }
  if (attributes.isRecurring && !(attributes.recurringConditions as Json[] | undefined)?.length)
    attributes.recurringConditions = [{ type: 'periodMonths', threshold: 6 }];
  // Internal tasks go to internal people only: the world's assignee is a client.
  return { ...task, attributes, ...(attributes.isInternal ? { assignedUsers: [] } : {}) };
}

/**
 * A user record's rules across fields: admins choose the role, the sign-in method suits the role, single sign-on
 * names a configured provider.
 */
function consistentUser(user: Json, isNew: boolean): Json {
  const fixed = { ...user };
  if (isNew) fixed.role = fixed.role ?? 'ROLE_USER';
  // No-password sign-in is for client roles only (the fresh user of a PATCH is a client).
  const role = (fixed.role ?? 'ROLE_USER') as Role;
  const email = (fixed.email as string | undefined) ?? 'client@test.example';
  if (
    fixed.loginMethod &&
    !isApiRole(role) &&
    !mayUseLoginMethod({ roles: [role], email }, fixed.loginMethod as LoginMethod)
  )
    fixed.loginMethod = 'password';
  if (fixed.loginMethod === 'saml') fixed.samlProvider = 'alpine';
  else delete fixed.samlProvider;
  if (isNew && (fixed.loginMethod ?? 'password') === 'password') fixed.password ??= 'Battery-pass-1234';
  return fixed;
}

/** Two range parameters in order; when one is a date and the other a number, both become numbers. */
const inOrder = (from: string, to: string) => (query: URLSearchParams) => {
  const [low, high] = [query.get(from), query.get(to)];
  if (low === null || high === null) return;
  const numeric = (value: string) => /^-?[\d.]+$/.test(value);
  if (numeric(low) !== numeric(high)) {
    query.set(from, '1');
    query.set(to, '2');
    return;
  }
  const later = numeric(low) ? Number(low) > Number(high) : Date.parse(low) > Date.parse(high);
  if (later || low === high) {
    query.set(from, later ? high : low);
    query.set(
      to,
      later ? low : numeric(low) ? String(Number(low) + 1) : new Date(Date.parse(low) + 3_600_000).toISOString(),
    );
  }
};

/** Every language besides the base one needs its translation: the rule of the folder form. */
const withTranslations = (folder: Json): Json => {
  const { ENU: _english, ...others } = (folder.translations ?? {}) as Json;
  return { ...folder, translations: { DES: 'Ordner Ä', FRS: 'Dossier é', ESP: 'Carpeta ñ', ...others } };
};
/** The English translation is the folder's name: one sent besides it is taken from the name. */
const withoutEnglish = (folder: Json): Json => {
  if (!folder.translations) return folder;
  const { ENU: _english, ...others } = folder.translations as Json;
  return { ...folder, translations: others };
};

/** A sensor's rules across fields: a new one has a name, a plotline a name and a position, the chart top above its bottom. */
function consistentSensors(sensors: unknown, named: boolean): unknown {
  if (!Array.isArray(sensors)) return sensors;
  return (sensors as Json[]).map((sensor, index) => {
    const fixed: Json = { ...sensor, name: sensor.name ?? `Sensor ${index} Ω` };
    const attributes = sensor.attributes as Json | undefined;
    if (!named || !attributes) return fixed;
    const plotlines = Array.isArray(attributes.plotlines)
      ? (attributes.plotlines as Json[]).map((line, at) => ({
          ...line,
          name: line.name || `Alarm ${at} ⚠`,
          position: typeof line.position === 'number' ? line.position : 10 * (at + 1),
        }))
      : attributes.plotlines;
    const range =
      typeof attributes.yMin === 'number' && typeof attributes.yMax === 'number' && attributes.yMin >= attributes.yMax
        ? { yMin: attributes.yMax, yMax: (attributes.yMin as number) + 1 }
        : {};
    return { ...fixed, attributes: { ...attributes, plotlines, ...range } };
  });
}

/** Notification rules: one per type, and a threshold within its type's range where the type has one. */
function consistentRules(rules: Json[]): Json[] {
  const seen = new Set<unknown>();
  return rules
    .filter((rule) => !seen.has(rule.type) && seen.add(rule.type))
    .map((rule) => {
      const range = THRESHOLD_RANGES[rule.type as keyof typeof THRESHOLD_RANGES];
      if (!range) return rule;
      const threshold = typeof rule.threshold === 'number' ? rule.threshold : range.max / 2;
      return { ...rule, threshold: Math.min(range.max, Math.max(range.min, threshold)) };
    });
}

const SAML_USER_DOMAIN = 'alpine.test';
/** Makes names unique within a run: addresses, project numbers. */
let serial = 0;

export const HAND_CASES: Record<string, ValidCase> = {
  'POST /api/login/json': {
    why: 'a real account and its password',
    actor: 'nobody',
    request: async (b) => ({
      url: '/api/login/json',
      payload: { username: (await person(b)).email, password: TEST_PASSWORD },
    }),
  },
  'GET /api/login/link/{token}': {
    why: 'a mailed sign-in link of a passwordless account; success is the redirect into the app',
    actor: 'nobody',
    status: [302],
    request: async (b) => {
      const user = await seedUser(b.world.t.ctx.db, { mandatorIds: [b.mandator], password: null });
      await b.world.t.ctx.db.update(users).set({ loginMethod: 'no-password' }).where(eq(users.id, user.id));
      return { url: `/api/login/link/${await mintToken(b, 'login', user.id)}` };
    },
  },
  'POST /api/login/2fa': fromMatrix('POST /api/login/2fa', 'a signed-in person without a second factor'),
  'GET /api/reset-password/reset/{token}': {
    why: 'a mailed reset token',
    actor: 'nobody',
    request: async (b) => ({ url: `/api/reset-password/reset/${await mintToken(b, 'reset', (await person(b)).id)}` }),
  },
  'POST /api/reset-password/reset/{token}': {
    why: 'a mailed reset token and a password the rules accept',
    actor: 'nobody',
    params: async (b) => ({ token: await mintToken(b, 'reset', (await person(b)).id) }),
  },
  'POST /api/notification/unsubscribe': {
    why: 'the token of a notification mail to a real address',
    actor: 'nobody',
    request: async (b) => {
      const { email } = await person(b);
      const token = unsubscribeToken(await appSecret(b.world.t.ctx), email);
      return { url: '/api/notification/unsubscribe', payload: { email, token } };
    },
  },
  'POST /api/notification/unsubscribe/check': {
    why: 'the token of a notification mail to a real address',
    actor: 'nobody',
    request: async (b) => {
      const { email } = await person(b);
      const token = unsubscribeToken(await appSecret(b.world.t.ctx), email);
      return { url: '/api/notification/unsubscribe/check', payload: { email, token } };
    },
  },
  'PATCH /api/users/self/2fa': {
    why: 'choosing a method needs a code from the device or mail: switching it off is the valid call',
    body: () => ({ twoFactorMethod: null }),
  },
  'GET /api/users/self/2fa/qr': { why: 'a base32 secret', query: { secret: 'JBSWY3DPEHPK3PXP' } },
  'GET /api/saml/login': {
    why: 'a configured provider; success is the redirect to it',
    status: [302],
    actor: 'nobody',
    query: { idp: 'alpine', redirect: '/areas' },
  },
  'GET /api/saml/metadata/{id}': { why: 'a configured provider', actor: 'nobody', params: () => ({ id: 'alpine' }) },
  'POST /api/saml/acs/{id}': {
    why: 'an assertion signed by the test provider for a single-sign-on account; success is the redirect',
    actor: 'nobody',
    status: [302],
    request: async (b) => {
      const email = `battery.${++serial}@${SAML_USER_DOMAIN}`;
      const user = await seedUser(b.world.t.ctx.db, { email, mandatorIds: [b.mandator], password: null });
      await b.world.t.ctx.db.update(users).set({ loginMethod: 'saml' }).where(eq(users.id, user.id));
      return {
        url: '/api/saml/acs/alpine',
        payload: acsForm({ email }, '/areas'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
  },
  'POST /api/users/{id}/picture': fromMatrix('POST /api/users/{id}/picture', 'a multipart image'),
  'GET /api/users/{id}/api-keys': fromMatrix('GET /api/users/{id}/api-keys', 'an API user'),
  'POST /api/users/{id}/api-keys': {
    why: 'an API user (people have no keys); an end drawn in the past would be refused, so it lies a day ahead',
    actor: 'admin',
    params: async (b) => {
      const { user } = await seedApiKey(b.world.t.ctx.db, 'ROLE_API_EXTERNAL', [b.mandator]);
      return { id: String(user.id) };
    },
    body: (generated) => {
      const { apiKey } = generated as { apiKey: Json };
      const expiresAt =
        typeof apiKey.expiresAt === 'string' ? new Date(Date.now() + 86_400_000).toISOString() : apiKey.expiresAt;
      return { apiKey: { ...apiKey, expiresAt } };
    },
  },
  'DELETE /api/users/{id}/api-keys/{keyId}': fromMatrix(
    'DELETE /api/users/{id}/api-keys/{keyId}',
    'a key of an API user',
  ),
  'POST /api/webhooks': {
    why: "an endpoint of the admin's mandator at an HTTPS URL",
    actor: 'admin',
    body: (generated, b) => {
      const { endpoint } = generated as { endpoint: Json };
      return { endpoint: { ...endpoint, mandatorId: b.mandator, url: 'https://hooks.example.com/rope-cockpit' } };
    },
  },
  'PATCH /api/webhooks/{id}': {
    why: 'an HTTPS URL; the mandator, when sent, the one it has',
    actor: 'admin',
    body: (generated, b) => {
      const { endpoint } = generated as { endpoint: Json };
      const url = endpoint.url === undefined ? {} : { url: 'https://hooks.example.com/rope-cockpit' };
      const mandatorId = endpoint.mandatorId === undefined ? {} : { mandatorId: b.mandator };
      return { endpoint: { ...endpoint, ...url, ...mandatorId } };
    },
  },
  'GET /api/webhooks/{id}/deliveries/{deliveryId}': fromMatrix(
    'GET /api/webhooks/{id}/deliveries/{deliveryId}',
    'a delivery of an endpoint',
  ),
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': fromMatrix(
    'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend',
    'a delivery of an endpoint',
  ),
  'POST /api/installations/{id}/map-image': fromMatrix('POST /api/installations/{id}/map-image', 'a multipart image'),
  'POST /api/events/import/parse': fromMatrix('POST /api/events/import/parse', 'an XML export file'),
  'POST /api/events/import': fromMatrix(
    'POST /api/events/import',
    'a measurement and the damages it found, all on one rope and of their recording types',
  ),
  'POST /api/ropes/{id}/tasks/upload': fromMatrix('POST /api/ropes/{id}/tasks/upload', 'multipart files'),
  'POST /api/ropes/tasks/upload': fromMatrix('POST /api/ropes/tasks/upload', 'multipart files'),
  'POST /api/documents': fromMatrix('POST /api/documents', 'a multipart document'),
  'PUT /api/habel/installations/{installationNumber}/documents/{externalKey}': fromMatrix(
    'PUT /api/habel/installations/{installationNumber}/documents/{externalKey}',
    'a multipart document for a known project',
    ['apiImport', 'admin'],
  ),
  'POST /api/ropes/{id}/events/upload/truscan': fromMatrix(
    'POST /api/ropes/{id}/events/upload/truscan',
    'a TRUscan measurement file as the device uploads it',
    ['apiImport', 'admin'],
  ),
  'POST /api/ropes/{id}/truscan/requests/{requestId}/ack': fromMatrix(
    'POST /api/ropes/{id}/truscan/requests/{requestId}/ack',
    'an open measurement request of the device',
    ['apiImport', 'admin'],
  ),
  'GET /api/habel/installations/{installationNumber}': {
    why: 'the number of a known project',
    params: (b) => ({ installationNumber: b.projectNumber }),
  },
  'GET /api/habel/installations/{installationNumber}/documents': {
    why: 'the number of a known project',
    params: (b) => ({ installationNumber: b.projectNumber }),
  },
  'PUT /api/habel/installations/{installationNumber}': {
    why: 'the project interface is the import key’s',
    actor: 'apiImport',
    // A known project's number, or a new one an installation of the key's mandator carries: the interface creates
    // the project it does not know, within the key's mandators.
    params: async (b, random) => ({
      installationNumber:
        random() < 0.5
          ? await projectIn(b.world, 'own')
          : await numberIn(b.world, 'own', `BAT-${++serial}.${Math.floor(random() * 1e6)}_x`),
    }),
  },
  'POST /api/sensor-devices/{id}/broker-credentials': {
    why: 'the battery administers no broker: 409 says devices use the HTTP import (broker-credentials.test.ts provisions on a real one)',
    status: [409],
  },
  'POST /api/smartropes/{id}/broker-credentials': {
    why: 'the battery administers no broker: 409 says devices use the HTTP import (broker-credentials.test.ts provisions on a real one)',
    status: [409],
  },
  'POST /api/sensor-devices/{id}/measurements': {
    why: 'readings come from the device, by import key, for its own sensors',
    actor: 'apiImport',
    params: (b) => ({ id: String(b.device) }),
  },
  'POST /api/smartropes/{id}/events': {
    why: 'events come from the smartrope, by import key',
    actor: 'apiImport',
    params: (b) => ({ id: String(b.smartrope) }),
  },
  'PATCH /api/ropes/{id}/truscan': {
    why: 'the TRUscan device reports its state by import key',
    actor: 'apiImport',
    params: (b) => ({ id: String(b.rope) }),
  },
  'POST /api/events': {
    why: 'the type belongs to its recording type, and other rules across fields',
    body: (generated, _b, random) => {
      const body = generated as { ropeEvent: Json };
      return { ropeEvent: consistentEvent(body.ropeEvent, random) };
    },
  },
  'PATCH /api/events/{id}': {
    why: 'the merged event keeps the rules across fields',
    body: (generated, _b, random) => {
      const { ropeEvent } = generated as { ropeEvent: Json };
      const attributes = (ropeEvent.attributes ?? {}) as Json;
      // The fresh event is a wire break: a patch naming no recording type keeps that one.
      const merged = consistentEvent({ ...ropeEvent, attributes: { recordingType: 'damage', ...attributes } }, random);
      if (ropeEvent.actionStatus !== undefined) merged.actionStatus = ropeEvent.actionStatus;
      return { ropeEvent: merged };
    },
  },
  'GET /api/tasks/export': {
    why: "the world's showAsUser is a client, who may not have the file (403, as show-as-user.test.ts holds): the admin's own",
    fixQuery: (query) => query.delete('showAsUser'),
  },
  'POST /api/tasks': {
    why: 'a due condition is whole, recurring conditions distinct, internal tasks for internal people',
    body: (generated) => ({ task: consistentTask((generated as { task: Json }).task) }),
  },
  'PATCH /api/tasks/{id}': {
    why: 'a due condition is whole, recurring conditions distinct, internal tasks for internal people; a task keeps its event',
    omit: ['event'],
    body: (generated) => {
      const { task } = generated as { task: Json };
      return { task: consistentTask({ ...task, attributes: task.attributes ?? {} }) };
    },
  },
  'POST /api/users': {
    why: 'an admin chooses the role; single sign-on names a configured provider; passwords for password sign-in',
    body: (generated) => ({ user: consistentUser((generated as { user: Json }).user, true) }),
  },
  'PATCH /api/users/{id}': {
    why: 'single sign-on names a configured provider',
    body: (generated) => ({ user: consistentUser((generated as { user: Json }).user, false) }),
  },
  'POST /api/areas': {
    why: 'a new area names its mandator, by mandatorId or mandator: one of them',
    body: (generated, b) => {
      const { area } = generated as { area: Json };
      return { area: area.mandator ? area : { ...area, mandatorId: b.mandator } };
    },
  },
  'POST /api/folders': {
    why: 'every language besides English needs its translation',
    body: (generated) => ({ folder: withTranslations((generated as { folder: Json }).folder) }),
  },
  'PATCH /api/folders/{id}': {
    why: 'the merged folder keeps a translation for every language; the English one is the name',
    body: (generated) => ({ folder: withoutEnglish((generated as { folder: Json }).folder) }),
    params: async (b) => {
      const [row] = await b.world.t.ctx.db
        .insert(folders)
        .values({ name: 'Battery folder', translations: { DES: 'Ordner', FRS: 'Dossier', ESP: 'Carpeta' } })
        .returning();
      return { id: String(row!.id) };
    },
  },
  'PATCH /api/sensor-devices/{id}': {
    why: 'a new sensor needs a name, a plotline a name and a position, a chart its top above its bottom',
    omit: ['id'],
    body: (generated) => {
      const { sensorDevice } = generated as { sensorDevice: Json };
      return { sensorDevice: { ...sensorDevice, sensors: consistentSensors(sensorDevice.sensors, true) } };
    },
  },
  'POST /api/sensor-devices': {
    why: 'a plotline needs a name and a position, a chart its top above its bottom',
    omit: ['id'],
    body: (generated) => {
      const { sensorDevice } = generated as { sensorDevice: Json };
      return { sensorDevice: { ...sensorDevice, sensors: consistentSensors(sensorDevice.sensors, true) } };
    },
  },
  'PATCH /api/smartropes/{id}': {
    why: 'a new sensor needs a name',
    omit: ['id'],
    body: (generated) => {
      const { smartrope } = generated as { smartrope: Json };
      return { smartrope: { ...smartrope, sensors: consistentSensors(smartrope.sensors, false) } };
    },
  },
  'PATCH /api/installations/{id}/notification-setting': {
    why: 'rules need a channel and a recipient, one rule a type, a threshold within the range of its type',
    body: (generated, b) => {
      const { notificationSettings } = generated as { notificationSettings: Json };
      if (Array.isArray(notificationSettings.rules))
        notificationSettings.rules = consistentRules(notificationSettings.rules);
      const has = (key: string) =>
        Array.isArray(notificationSettings[key]) && (notificationSettings[key] as []).length > 0;
      return {
        notificationSettings: {
          ...notificationSettings,
          ...(has('channels') ? {} : { channels: ['email'] }),
          ...(has('users') ? {} : { users: [b.user] }),
        },
      };
    },
  },
  'GET /api/documents/{id}': {
    why: 'a language the document is stored in (another answers 404 by design)',
    query: { language: 'ENU' },
  },
  'GET /api/documents/{id}/thumbnail': fromMatrix(
    'GET /api/documents/{id}/thumbnail',
    'an image document (a PDF has no thumbnail by design)',
  ),
  'GET /api/sensors/{id}/measurements-aggregates': { why: 'a range in order', fixQuery: inOrder('from', 'to') },
  'GET /api/sensors/{id}/measurements': { why: 'a range in order', fixQuery: inOrder('from', 'to') },
  'GET /api/ropes/{id}/events/lossOverTarget': { why: 'a range in order', fixQuery: inOrder('rangeFrom', 'rangeTo') },
  'GET /api/users/{id}/picture': fromMatrix('GET /api/users/{id}/picture', 'a user with a picture'),
  'GET /api/installations/{id}/map-image': fromMatrix(
    'GET /api/installations/{id}/map-image',
    'an installation with a map image',
  ),
  'GET /api/ropes/{id}/truscan/live': {
    why: 'an event stream: asked for as one, on a real connection',
    stream: true,
  },
  'GET /api/events/{id}/mrt-trace': {
    why: 'an MRT measurement event, a range in order',
    params: (b) => ({ id: String(b.mrtEvent) }),
    fixQuery: inOrder('from', 'to'),
  },
  'GET /api/events/{id}/mrt-candidates': {
    why: 'an MRT measurement event',
    params: (b) => ({ id: String(b.mrtEvent) }),
  },
  'POST /api/events/{id}/mrt-candidates/confirm': mrtDecision('a candidate peak of a stored MRT file'),
  'POST /api/events/{id}/mrt-candidates/dismiss': mrtDecision('a candidate peak of a stored MRT file'),
  'POST /api/installations/{id}/order-before': {
    why: 'ordered before an installation of the same area',
    params: (b) => ({ id: String(b.installation) }),
  },
  'POST /api/ropes/{id}/order-before': {
    why: 'ordered before a rope of the same installation',
    params: (b) => ({ id: String(b.rope) }),
    body: (_generated, b) => ({ rope: { id: b.siblingRope } }),
  },
};
