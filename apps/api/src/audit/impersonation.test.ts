import { auditLog } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../test/support/factories.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

describe('show-as-user is audited wherever it is honoured', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let urls: string[];
  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const area = await seedArea(t.ctx.db, mandator.id);
    const installation = await seedInstallation(t.ctx.db, area.id);
    const rope = await seedRope(t.ctx.db, installation.id);
    await cast.add('pm', ['ROLE_PROJECT_MANAGER'], []);
    urls = [
      '/areas',
      '/areas/positions',
      `/areas/${area.id}`,
      `/areas/${area.id}/installations`,
      `/areas/${area.id}/installations/events/damage-summary`,
      `/installations/${installation.id}`,
      `/installations/${installation.id}/ropes`,
      `/installations/${installation.id}/events`,
      '/ropes',
      `/ropes/${rope.id}`,
      `/ropes/${rope.id}/events`,
      `/ropes/${rope.id}/events/damage`,
      `/ropes/${rope.id}/events/lossOverTarget`,
      '/tasks',
      '/documents',
    ];
    for (const [index] of urls.entries()) {
      await cast.add(`target${index}`, ['ROLE_USER'], [mandator.id]);
    }
  });
  afterAll(() => t.close());

  const rowsFor = (targetId: number) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.start'), eq(auditLog.targetId, targetId)));

  it('writes impersonation.start on every call that shows another user, once per actor, target and session', async () => {
    for (const [index, url] of urls.entries()) {
      const target = cast.ids[`target${index}`]!;
      const separator = url.includes('?') ? '&' : '?';
      for (let repeat = 0; repeat < 2; repeat += 1) {
        const response = await cast.call('pm', 'GET', `${url}${separator}showAsUser=${target}`);
        expect(response.statusCode, url).toBe(200);
      }
      const rows = await rowsFor(target);
      expect(rows, url).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorUserId: cast.ids.pm, targetType: 'user' });
    }
  });

  it('writes it again in a new session', async () => {
    const target = cast.ids.target0!;
    const otherSession = await signIn(t.ctx, { id: cast.ids.pm! });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/areas?showAsUser=${target}`,
      headers: { cookie: otherSession },
    });
    expect(response.statusCode).toBe(200);
    expect(await rowsFor(target)).toHaveLength(2);
  });
});
