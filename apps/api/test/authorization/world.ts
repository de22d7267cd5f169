import type { Role } from '@rope/domain/access/roles';
import type { FastifyInstance } from 'fastify';
import { seedApiKey, seedMandator, seedUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import type { TestApp } from '../support/test-app.ts';

/** Everyone the matrix asks: each person role, each API role by bearer key, and nobody. */
export const ACTORS = [
  'admin',
  'projectManager',
  'clientAdmin',
  'client',
  'freeUser',
  'apiInternal',
  'apiImport',
  'apiExternal',
  'anonymous',
] as const;
export type ActorName = (typeof ACTORS)[number];

const PERSON_ROLES: Partial<Record<ActorName, Role>> = {
  admin: 'ROLE_ADMIN',
  projectManager: 'ROLE_PROJECT_MANAGER',
  clientAdmin: 'ROLE_CLIENT_ADMIN',
  client: 'ROLE_USER',
  freeUser: 'ROLE_FREE_USER',
};
const API_ROLES: Partial<Record<ActorName, Role>> = {
  apiInternal: 'ROLE_API_INTERNAL',
  apiImport: 'ROLE_API_IMPORT',
  apiExternal: 'ROLE_API_EXTERNAL',
};

/**
 * Whose object a scoped cell asks about: the actor's own (made by or for the actor; for mandator-level objects one
 * of the actors' mandator), a colleague's in the actors' mandator, or one of a mandator no client actor has.
 */
export const SCOPES = ['own', 'sameMandator', 'foreign'] as const;
export type Scope = (typeof SCOPES)[number];

export interface World {
  t: TestApp;
  app: FastifyInstance;
  own: number;
  foreign: number;
  userIds: Partial<Record<ActorName, number>>;
  /** A client user of the own mandator: the other person of the sameMandator column. */
  colleague: number;
  /** A client user of the foreign mandator. */
  stranger: number;
  /** Fresh credentials per request, since a cell may end its session (logout, password change). */
  headersOf(actor: ActorName): Promise<Record<string, string>>;
  mandatorOf(scope: Scope): number;
  /** The person an object of this scope belongs to: the actor (anonymous has none: the colleague), colleague, stranger. */
  personOf(scope: Scope, actor: ActorName): number;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const own = (await seedMandator(t.ctx.db, 'Own mandator')).id;
  const foreign = (await seedMandator(t.ctx.db, 'Foreign mandator')).id;
  const colleague = (await seedUser(t.ctx.db, { mandatorIds: [own], email: 'colleague@matrix.test' })).id;
  const stranger = (await seedUser(t.ctx.db, { mandatorIds: [foreign], email: 'stranger@matrix.test' })).id;
  const userIds: World['userIds'] = {};
  const people = new Map<ActorName, { id: number }>();
  const keys = new Map<ActorName, string>();
  for (const [actor, role] of Object.entries(PERSON_ROLES) as [ActorName, Role][]) {
    // Admins and project managers see every mandator and carry none; the rest belong to the own mandator.
    const mandatorIds = actor === 'admin' || actor === 'projectManager' ? [] : [own];
    const user = await seedUser(t.ctx.db, { roles: [role], mandatorIds, email: `${actor}@matrix.test` });
    people.set(actor, user);
    userIds[actor] = user.id;
  }
  for (const [actor, role] of Object.entries(API_ROLES) as [ActorName, Role][]) {
    const { user, key } = await seedApiKey(t.ctx.db, role, role === 'ROLE_API_INTERNAL' ? [] : [own]);
    keys.set(actor, key);
    userIds[actor] = user.id;
  }
  return {
    t,
    app: t.app,
    own,
    foreign,
    userIds,
    colleague,
    stranger,
    mandatorOf: (scope) => (scope === 'foreign' ? foreign : own),
    personOf: (scope, actor) =>
      scope === 'foreign' ? stranger : scope === 'sameMandator' ? colleague : (userIds[actor] ?? colleague),
    async headersOf(actor): Promise<Record<string, string>> {
      const key = keys.get(actor);
      if (key) return { authorization: `Bearer ${key}` };
      const person = people.get(actor);
      return person ? { cookie: await signIn(t.ctx, person) } : {};
    },
  };
}

interface TreeEntry {
  parent: string;
  segment: string;
  methods: string[];
}

/** The /api routes the app has registered, read from Fastify's route tree (HEAD twins of GET left out). */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  const entries: TreeEntry[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    path.length = match[1]!.length / 4;
    entries.push({ parent: path.join(''), segment: match[2]!, methods: match[3]?.split(', ') ?? [] });
    path.push(match[2]!);
  }
  const routes = new Set<string>();
  for (const entry of entries) {
    for (const method of entry.methods) {
      const url = resolveUrl(app, entries, entry, method);
      if (method !== 'HEAD' && url.startsWith('/api')) routes.add(`${method} ${url}`);
    }
  }
  return [...routes].sort();
}

// The printed tree folds a wildcard's static prefix into its siblings ("static/index.html", "*"): find it back.
function resolveUrl(app: FastifyInstance, entries: TreeEntry[], entry: TreeEntry, method: string): string {
  const has = (url: string) => app.hasRoute({ method: method as 'GET', url });
  const url = entry.parent + entry.segment;
  if (has(url)) return url;
  const prefixes = entries
    .filter((other) => other.parent === entry.parent && other.segment.includes('/'))
    .map((other) => other.segment.slice(0, other.segment.lastIndexOf('/') + 1));
  const found = prefixes.map((prefix) => entry.parent + prefix + entry.segment).find(has);
  if (!found) throw new Error(`misread route tree: ${method} ${url}`);
  return found;
}
