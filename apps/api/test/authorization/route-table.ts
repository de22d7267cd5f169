import { apiKeys, users } from '@rope/db/schema/index';
import type { Role } from '@rope/domain/access/roles';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { seedApiKey, seedMandator, seedUser, TEST_PASSWORD } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { ACTORS, type ActorName, type Scope, type World } from './world.ts';

export interface Cell {
  url: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
}
/** One status, or any of several where the spec leaves the choice open. */
export type Status = number | readonly number[];
/** Per scope: what the actor gets for their own object, a colleague's in their mandator, another mandator's. */
export interface PerScope {
  own: Status;
  sameMandator: Status;
  foreign: Status;
}
export type Expected = Status | PerScope;

export interface RouteRow {
  /** As Fastify registered it, e.g. `GET /api/users/:id`. */
  route: string;
  /** Own, same-mandator and foreign objects are asked separately; without it the route has no tenant object. */
  scoped?: boolean;
  /**
   * The path parameters that name the object by a natural key (an installation number, an external document key)
   * rather than a surrogate id: the row is scoped, and each scope's cell names the key of that scope's object, so a
   * foreign key is asked like a foreign id (matrix, and foreign-like-missing for reads and writes alike).
   */
  naturalKeys?: readonly string[];
  build: (w: World, scope: Scope, actor: ActorName) => Promise<Cell> | Cell;
  expect: Record<ActorName, Expected>;
  /** Why a cell is what it is, where it is not obvious. */
  note?: string;
}

const table = (anonymous: Expected, rest: Expected, overrides: Partial<Record<ActorName, Expected>> = {}) =>
  Object.fromEntries(ACTORS.map((a) => [a, overrides[a] ?? (a === 'anonymous' ? anonymous : rest)])) as Record<
    ActorName,
    Expected
  >;
/** Signed-in actors named get their status, every other signed-in actor 403, nobody 401. */
export const only = (allowed: Partial<Record<ActorName, Expected>>) => table(401, 403, allowed);
export const signedIn = (status: Expected, overrides: Partial<Record<ActorName, Expected>> = {}) =>
  table(401, status, overrides);
export const open = (status: Expected) => table(status, status);
/** Calls about the person themself: API keys are refused (access 'session-only'). */
export const person = (status: Expected) => signedIn(status, { apiInternal: 403, apiImport: 403, apiExternal: 403 });

/** A mandator-level object (rope, event, task...): a colleague's answers as the actor's own, another mandator's apart. */
export const scoped = (own: Status, foreign: Status): PerScope => ({ own, sameMandator: own, foreign });
/** A per-person object: the actor's own, a colleague's in the same mandator and another mandator's each answer apart. */
export const perPerson = (own: Status, sameMandator: Status, foreign: Status): PerScope => ({
  own,
  sameMandator,
  foreign,
});
const url = (url: string, payload?: object) => ({ url, payload });

/**
 * The user a per-person cell asks about: the actor themself, a fresh colleague of the own mandator, a fresh user of
 * the foreign mandator (anonymous has no self: a fresh colleague stands in).
 */
async function userOf(w: World, scope: Scope, actor: ActorName, roles?: Role[]): Promise<number> {
  const self = w.userIds[actor];
  if (scope === 'own' && self) return self;
  return (await seedUser(w.t.ctx.db, { roles, mandatorIds: roles ? [] : [w.mandatorOf(scope)] })).id;
}

export function pngUpload(): Cell {
  const boundary = '----matrix-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  const png = PNG.sync.write(new PNG({ width: 1, height: 1 }));
  return {
    url: '',
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function projectManagerWithPicture(w: World) {
  const pm = await seedUser(w.t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
  const admin = await seedUser(w.t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const upload = pngUpload();
  const cookie = await signIn(w.t.ctx, admin);
  await w.app.inject({
    method: 'POST',
    url: `/api/users/${pm.id}/picture`,
    headers: { ...upload.headers, cookie },
    payload: upload.payload,
  });
  const [row] = await w.t.ctx.db.select({ uri: users.pictureUri }).from(users).where(eq(users.id, pm.id));
  return row!.uri!;
}

const userRows: RouteRow[] = [
  { route: 'GET /api/users', build: () => url('/api/users'), expect: only({ admin: 200, clientAdmin: 200 }) },
  {
    route: 'GET /api/users/saml/providers',
    build: () => url('/api/users/saml/providers'),
    expect: only({ admin: 200, clientAdmin: 200 }),
  },
  ...['logins', 'notifications', 'list', 'resets'].map(
    (kind): RouteRow => ({
      route: `GET /api/users/${kind}`,
      build: () => url(`/api/users/${kind}`),
      expect: only({ admin: 200 }),
    }),
  ),
  {
    route: 'GET /api/users/:id',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/users/${await userOf(w, scope, actor)}`),
    expect: only({ admin: 200, clientAdmin: perPerson(200, 200, 404) }),
    note: 'a client admin opens their own record and their colleagues, never another mandator',
  },
  {
    route: 'POST /api/users',
    scoped: true,
    build: (w, scope) =>
      url('/api/users', {
        user: {
          email: `new-${Math.random().toString(36).slice(2)}@matrix.test`,
          role: 'ROLE_USER',
          mandators: [w.mandatorOf(scope)],
          password: 'matrix-pass-1',
        },
      }),
    expect: only({ admin: 200, clientAdmin: scoped(200, 400) }),
    note: 'a mandator in the body that the actor cannot see is refused like an unknown one (400 on user.mandators)',
  },
  {
    route: 'PATCH /api/users/:id',
    scoped: true,
    build: async (w, scope, actor) =>
      url(`/api/users/${await userOf(w, scope, actor)}`, { user: { firstname: 'Changed' } }),
    expect: only({ admin: 200, clientAdmin: perPerson(403, 200, 404) }),
    note: 'spec: client admins cannot edit their own record on the users screen (403), only their colleagues',
  },
  {
    route: 'DELETE /api/users/:id',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/users/${await userOf(w, scope, actor)}`),
    expect: only({ admin: perPerson(422, 204, 204) }),
    note: 'spec: only edit-any deletes users, so client admins get 403 even for their own users; nobody deletes themself',
  },
  {
    route: 'POST /api/users/:id/picture',
    scoped: true,
    build: async (w, scope, actor) => {
      const target = await userOf(w, scope, actor, scope === 'sameMandator' ? ['ROLE_PROJECT_MANAGER'] : undefined);
      return { ...pngUpload(), url: `/api/users/${target}/picture` };
    },
    expect: signedIn(perPerson(422, 403, 403), {
      admin: perPerson(422, 200, 422),
      projectManager: perPerson(200, 403, 403),
    }),
    note: 'pictures are for project managers (422 for anyone else), changed by themselves or edit-any; the colleague is another project manager',
  },
  {
    route: 'GET /api/users/:id/picture',
    build: async (w) => url(await projectManagerWithPicture(w)),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/users/:id/api-keys',
    build: async (w) =>
      url(`/api/users/${(await seedApiKey(w.t.ctx.db, 'ROLE_API_EXTERNAL', [w.mandatorOf('own')])).user.id}/api-keys`),
    expect: only({ admin: 200 }),
    note: 'admins make and revoke API keys, in a session (API keys get 403)',
  },
  {
    route: 'POST /api/users/:id/api-keys',
    build: async (w) =>
      url(`/api/users/${(await seedApiKey(w.t.ctx.db, 'ROLE_API_IMPORT', [w.mandatorOf('own')])).user.id}/api-keys`, {
        apiKey: { name: 'Matrix key' },
      }),
    expect: only({ admin: 200 }),
  },
  {
    route: 'DELETE /api/users/:id/api-keys/:keyId',
    build: async (w) => {
      const { user } = await seedApiKey(w.t.ctx.db, 'ROLE_API_EXTERNAL', [w.mandatorOf('own')]);
      const [key] = await w.t.ctx.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, user.id));
      return url(`/api/users/${user.id}/api-keys/${key!.id}`);
    },
    expect: only({ admin: 204 }),
  },
];

const mandatorRows: RouteRow[] = [
  { route: 'GET /api/mandators', build: () => url('/api/mandators'), expect: only({ admin: 200 }) },
  {
    route: 'POST /api/mandators',
    build: () => url('/api/mandators', { mandator: { name: 'Matrix mandator' } }),
    expect: only({ admin: 200 }),
  },
  {
    route: 'PATCH /api/mandators/:id',
    scoped: true,
    build: (w, scope) => url(`/api/mandators/${w.mandatorOf(scope)}`, { mandator: { passwordExpiryDays: 90 } }),
    expect: only({ admin: 200 }),
  },
  {
    route: 'DELETE /api/mandators/:id',
    build: async (w) => url(`/api/mandators/${(await seedMandator(w.t.ctx.db)).id}`),
    expect: only({ admin: 204 }),
  },
  {
    route: 'GET /api/mandators/:id/users',
    scoped: true,
    build: (w, scope) => url(`/api/mandators/${w.mandatorOf(scope)}/users`),
    expect: only({ admin: 200, clientAdmin: scoped(200, 404) }),
    note: 'client admins (edit-own) list the users of their own mandators; another mandator is 404',
  },
];

export const ROWS: RouteRow[] = [...userRows, ...mandatorRows];
export { TEST_PASSWORD };
