import type { Role } from '@rope/domain/access/roles';
import { seedUser } from './factories.ts';
import { signIn } from './sign-in.ts';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Named people signed in to one test app: `await cast.add('client', ['ROLE_USER'], [mandatorId])`, then
 * `cast.call('client', 'GET', '/areas')` sends the request under /api with that person's session.
 */
export function createCast(t: TestApp) {
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  return {
    cookies,
    ids,
    async add(name: string, roles: Role[], mandatorIds: number[]) {
      const user = await seedUser(t.ctx.db, { roles, mandatorIds });
      ids[name] = user.id;
      cookies[name] = await signIn(t.ctx, user);
      return user;
    },
    call(who: string, method: Method, url: string, payload?: object) {
      return t.app.inject({
        method,
        url: `/api${url}`,
        headers: { cookie: cookies[who] ?? '' },
        ...(payload ? { payload } : {}),
      });
    },
  };
}
