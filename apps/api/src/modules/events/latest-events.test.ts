import { ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedEvents, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

interface Seeded {
  id: number;
  ropeId: number;
  occurredAt: Date;
  isDeleted: boolean;
}

// The dashboard's newest events are read by one statement for those who see every mandator and another for those who
// see some (tenancy/visible-query.ts): both must answer exactly the newest live events the viewer sees, in order.
describe('the newest events, for every kind of viewer', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  const seeded: Seeded[] = [];
  const mandatorOfRope = new Map<number, number>();
  const installationOfRope = new Map<number, number>();
  const deletedRopes = new Set<number>();
  let mandatorA: number;
  let mandatorB: number;
  let installationA: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    mandatorA = (await seedMandator(t.ctx.db)).id;
    mandatorB = (await seedMandator(t.ctx.db)).id;
    const mandatorC = (await seedMandator(t.ctx.db)).id;
    let minute = 0;
    for (const [mandatorId, installations, ropesEach] of [
      [mandatorA, 3, 3],
      [mandatorB, 1, 2],
      [mandatorC, 2, 2],
    ] as const) {
      const area = await seedArea(t.ctx.db, mandatorId);
      for (let i = 0; i < installations; i += 1) {
        const installation = await seedInstallation(t.ctx.db, area.id);
        installationA ??= installation.id;
        for (let r = 0; r < ropesEach; r += 1) {
          const rope = await seedRope(t.ctx.db, installation.id);
          mandatorOfRope.set(rope.id, mandatorId);
          installationOfRope.set(rope.id, installation.id);
          // One rope with a long history, the others a few events; every fourth time shared by two events (the id
          // decides), some events deleted.
          const count = rope.id % 4 === 0 ? 40 : 3 + (rope.id % 5);
          const events = Array.from({ length: count }, (_, k) => {
            minute += k % 4 === 0 ? 0 : 7 + ((rope.id * 13 + k * 5) % 11);
            const timestamp = new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString();
            return { attributes: { timestamp }, isDeleted: (rope.id + k) % 6 === 0 };
          });
          // Written in shuffled order, so that ids do not follow the times.
          const shuffled = events.map((event, k) => ({ event, key: (k * 7919) % count })).sort((a, b) => a.key - b.key);
          for (const row of await seedEvents(
            t.ctx.db,
            rope.id,
            shuffled.map(({ event }) => event),
          )) {
            seeded.push({ id: row.id, ropeId: rope.id, occurredAt: row.occurredAt!, isDeleted: row.isDeleted });
          }
        }
      }
    }
    // An archived rope of mandator A with the newest events of all: never listed.
    const archived = [...mandatorOfRope].find(([, mandator]) => mandator === mandatorA)![0];
    const late = await seedEvents(t.ctx.db, archived, [{ attributes: { timestamp: '2027-01-01T00:00:00Z' } }]);
    seeded.push({ id: late[0]!.id, ropeId: archived, occurredAt: late[0]!.occurredAt!, isDeleted: false });
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, archived));
    deletedRopes.add(archived);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('clientA', ['ROLE_USER'], [mandatorA]);
    await cast.add('clientAB', ['ROLE_USER'], [mandatorA, mandatorB]);
    await cast.add('nobody', ['ROLE_USER'], []);
  });
  afterAll(() => t.close());

  const expected = (mandators: number[] | 'all', limit: number, installationId?: number) =>
    seeded
      .filter(
        (event) =>
          !event.isDeleted &&
          !deletedRopes.has(event.ropeId) &&
          (mandators === 'all' || mandators.includes(mandatorOfRope.get(event.ropeId)!)) &&
          (installationId === undefined || installationOfRope.get(event.ropeId) === installationId),
      )
      .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || b.id - a.id)
      .slice(0, limit)
      .map((event) => event.id);

  const listed = async (who: string, url: string) => {
    const answer = await cast.call(who, 'GET', url);
    expect(answer.statusCode).toBe(200);
    return (answer.json().ropeEvents as { id: number }[]).map((event) => event.id);
  };

  it('lists the newest live events of the mandators each viewer sees, newest first, ties by id', async () => {
    for (const limit of [1, 5, 10, 37, 100]) {
      expect(await listed('admin', `/events?limit=${limit}`)).toEqual(expected('all', limit));
      expect(await listed('clientA', `/events?limit=${limit}`)).toEqual(expected([mandatorA], limit));
      expect(await listed('clientAB', `/events?limit=${limit}`)).toEqual(expected([mandatorA, mandatorB], limit));
      expect(await listed('nobody', `/events?limit=${limit}`)).toEqual([]);
    }
    // The viewers' lists differ, so the statements cannot have answered one another's.
    expect(expected([mandatorA], 10)).not.toEqual(expected('all', 10));
  });

  it("lists one installation's newest events for whoever sees it, and answers 404 to others", async () => {
    for (const limit of [1, 7, 100]) {
      const url = `/installations/${installationA}/events?limit=${limit}`;
      expect(await listed('admin', url)).toEqual(expected('all', limit, installationA));
      expect(await listed('clientA', url)).toEqual(expected([mandatorA], limit, installationA));
    }
    expect((await cast.call('nobody', 'GET', `/installations/${installationA}/events`)).statusCode).toBe(404);
  });
});
