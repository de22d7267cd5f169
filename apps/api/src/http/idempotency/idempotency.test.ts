import { documents, idempotentRequests, ropeEvents, taskNotes, tasks } from '@rope/db/schema/index';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@rope/domain/idempotency/rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import {
  seedArea,
  seedEvent,
  seedInstallation,
  seedMandator,
  seedRope,
  seedTask,
} from '../../../test/support/factories.ts';
import { multipart } from '../../../test/support/multipart.ts';
import { phonePhoto } from '../../../test/support/photo.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { keepAnswerWithWrite } from './plugin.ts';
import { pruneKeys } from './store.ts';

// Issue 28: a device in a valley resends what it queued when the signal comes back; an answer lost on the way must
// never make a second event, note or photo.
describe('writes named with an Idempotency-Key', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeId: number;
  let foreignRopeId: number;
  const nextKey = () => crypto.randomUUID();

  const damage = (rope: number, position = 120.5, count = 2) => ({
    ropeEvent: {
      rope: { id: rope },
      position,
      attributes: { timestamp: '2026-11-28T09:15:00Z', recordingType: 'damage', type: 'wireBreak', damageCount: count },
    },
  });
  const send = (
    who: string,
    method: 'POST' | 'PATCH' | 'GET',
    url: string,
    payload: object | undefined,
    idem?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: cast.cookies[who] ?? '', ...(idem === undefined ? {} : { 'idempotency-key': idem }) },
      ...(payload ? { payload } : {}),
    });
  const eventsOn = async (rope: number) =>
    (await t.ctx.db.select({ id: ropeEvents.id }).from(ropeEvents).where(eq(ropeEvents.ropeId, rope))).length;
  const stored = (userId: number, idem: string) =>
    t.ctx.db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, idem)));

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    ropeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id)
    ).id;
    foreignRopeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id)
    ).id;
    await cast.add('inspector', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await cast.add('colleague', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await cast.add('stranger', ['ROLE_CLIENT_ADMIN'], [other.id]);
  });
  afterAll(() => t.close());

  it('records an event once when it is sent twice, and answers the resend with the first answer', async () => {
    const before = await eventsOn(ropeId);
    const idem = nextKey();
    const first = await send('inspector', 'POST', '/api/events', damage(ropeId), idem);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send('inspector', 'POST', '/api/events', damage(ropeId), idem);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.json()).toEqual(first.json());
    // The versioned address is the same call.
    const versioned = await send('inspector', 'POST', '/api/v1/events', damage(ropeId), idem);
    expect(versioned.json()).toEqual(first.json());
    expect(await eventsOn(ropeId)).toBe(before + 1);
    // Kept with the write, in its transaction.
    const [row] = await stored(cast.ids.inspector!, idem);
    expect(row).toMatchObject({ state: 'done', statusCode: 200 });
    expect(JSON.parse(row!.answer!)).toEqual(first.json());
  });

  it('refuses the same key for another request with 422, and changes nothing', async () => {
    const idem = nextKey();
    await send('inspector', 'POST', '/api/events', damage(ropeId, 130), idem);
    const before = await eventsOn(ropeId);
    const other = await send('inspector', 'POST', '/api/events', damage(ropeId, 131), idem);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'RULE_VIOLATION', key: 'app.errors.idempotencyKeyReused' });
    expect(await eventsOn(ropeId)).toBe(before);
  });

  it('gives the key back when the request is refused: it changed nothing, so it may be tried again', async () => {
    const idem = nextKey();
    const foreign = await send('inspector', 'POST', '/api/events', damage(foreignRopeId), idem);
    expect(foreign.statusCode).toBe(404);
    expect(await stored(cast.ids.inspector!, idem)).toEqual([]);
    const before = await eventsOn(ropeId);
    const fixed = await send('inspector', 'POST', '/api/events', damage(ropeId, 140), idem);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOn(ropeId)).toBe(before + 1);
    // Refused before the key is looked at: the body's own faults.
    const invalid = await send('inspector', 'POST', '/api/events', { ropeEvent: { rope: { id: ropeId } } }, nextKey());
    expect(invalid.statusCode).toBe(400);
  });

  it("keeps each person's keys their own: another's key neither replays nor reveals the first answer", async () => {
    const idem = nextKey();
    const mine = await send('inspector', 'POST', '/api/events', damage(ropeId, 150), idem);
    const before = await eventsOn(ropeId);
    const colleague = await send('colleague', 'POST', '/api/events', damage(ropeId, 150), idem);
    expect(colleague.statusCode).toBe(200);
    expect(colleague.headers['idempotent-replayed']).toBeUndefined();
    expect(colleague.json().ropeEvent.id).not.toBe(mine.json().ropeEvent.id);
    expect(await eventsOn(ropeId)).toBe(before + 1);
    // Someone of another mandator with the same key and body: the rope is not theirs, as if it did not exist.
    const stranger = await send('stranger', 'POST', '/api/events', damage(ropeId, 150), idem);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).not.toHaveProperty('ropeEvent');
  });

  it('answers 409 with Retry-After while the first request runs, and takes over a key whose request died', async () => {
    const idem = nextKey();
    const body = damage(ropeId, 160);
    const first = await send('inspector', 'POST', '/api/events', body, idem);
    const fingerprint = (await stored(cast.ids.inspector!, idem))[0]!.fingerprint;
    const running = nextKey();
    const row = { userId: cast.ids.inspector!, key: running, fingerprint, state: 'running' as const };
    await t.ctx.db.insert(idempotentRequests).values({ ...row, leaseUntil: new Date(Date.now() + 60_000) });
    const before = await eventsOn(ropeId);
    const busy = await send('inspector', 'POST', '/api/events', body, running);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toMatchObject({ code: 'CONFLICT', key: 'app.errors.idempotencyKeyInProgress' });
    expect(await eventsOn(ropeId)).toBe(before);
    // Its process died before committing (a commit keeps the answer): once the lease is over, the resend runs.
    await t.ctx.db
      .update(idempotentRequests)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotentRequests.key, running));
    const taken = await send('inspector', 'POST', '/api/events', body, running);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().ropeEvent.id).not.toBe(first.json().ropeEvent.id);
    expect(await eventsOn(ropeId)).toBe(before + 1);
  });

  it('records one event when the same request arrives twice at once', async () => {
    const idem = nextKey();
    const before = await eventsOn(ropeId);
    const answers = await Promise.all([
      send('inspector', 'POST', '/api/events', damage(ropeId, 170), idem),
      send('inspector', 'POST', '/api/events', damage(ropeId, 170), idem),
    ]);
    expect(await eventsOn(ropeId)).toBe(before + 1);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
  });

  it('adds a task note and completes a recurring task once, whatever the resends', async () => {
    const task = await seedTask(t.ctx.db, ropeId, {
      attributes: { isRecurring: true, recurringConditions: [{ type: 'periodMonths', threshold: 6 }] },
    });
    const idem = nextKey();
    const patch = { task: { attributes: { status: 'done' }, note: 'Alle Spleisse geprüft, Länge in Ordnung' } };
    const first = await send('inspector', 'PATCH', `/api/tasks/${task.id}`, patch, idem);
    expect(first.statusCode).toBe(200);
    const again = await send('inspector', 'PATCH', `/api/tasks/${task.id}`, patch, idem);
    expect(again.json()).toEqual(first.json());
    const notes = await t.ctx.db.select().from(taskNotes).where(eq(taskNotes.taskId, task.id));
    expect(notes).toHaveLength(1);
    const successors = await t.ctx.db.select().from(tasks).where(eq(tasks.previousTaskId, task.id));
    expect(first.json().nextTask).toEqual({ id: expect.any(Number) });
    expect(successors.map((successor) => successor.id)).toEqual([first.json().nextTask.id]);
  });

  it('stores a photo once when its upload is sent twice', async () => {
    const event = await seedEvent(t.ctx.db, ropeId);
    const photo = await phonePhoto({ width: 64, height: 48 });
    const upload = (idem: string) => {
      const body = multipart({ targetType: 'event', targetId: String(event.id) }, [
        { filename: 'Drahtbruch.jpg', content: photo, type: 'image/jpeg' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...body.headers, cookie: cast.cookies.inspector!, 'idempotency-key': idem },
        payload: body.payload,
      });
    };
    const idem = nextKey();
    const first = await upload(idem);
    expect(first.statusCode).toBe(200);
    const again = await upload(idem);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const kept = await t.ctx.db.select().from(documents).where(eq(documents.targetId, event.id));
    expect(kept.filter((document) => document.targetType === 'event')).toHaveLength(1);
  });

  it('refuses a key that is empty, too long, has spaces or comes twice, with 400 and nothing written', async () => {
    const before = await eventsOn(ropeId);
    for (const idem of ['', 'a'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), 'two words', 'schlüssel']) {
      const answer = await send('inspector', 'POST', '/api/events', damage(ropeId, 180), idem);
      expect(answer.statusCode, JSON.stringify(idem)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION', key: 'app.errors.idempotencyKeyInvalid' });
    }
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: cast.cookies.inspector!, 'idempotency-key': ['a', 'b'] },
      payload: damage(ropeId, 180),
    });
    expect(twice.statusCode).toBe(400);
    expect(await eventsOn(ropeId)).toBe(before);
    // A read ignores it; so does a caller who is not signed in, who hears 401 as ever.
    expect((await send('inspector', 'GET', `/api/ropes/${ropeId}`, undefined, 'two words')).statusCode).toBe(200);
    expect((await send('nobody', 'POST', '/api/events', damage(ropeId), nextKey())).statusCode).toBe(401);
  });

  it('keeps an answer only with a committed write, and prunes keys after their time', async () => {
    const idem = nextKey();
    const userId = cast.ids.inspector!;
    const request = { idempotency: { userId, key: idem } } as FastifyRequest;
    await t.ctx.db
      .insert(idempotentRequests)
      .values({ userId, key: idem, fingerprint: '0'.repeat(64), state: 'running', leaseUntil: new Date() });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await keepAnswerWithWrite(tx, request, { ropeEvent: { id: 1 } });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect((await stored(userId, idem))[0]?.state).toBe('running');
    await t.ctx.db.transaction((tx) => keepAnswerWithWrite(tx, request, { ropeEvent: { id: 1 } }));
    expect((await stored(userId, idem))[0]).toMatchObject({ state: 'done', answer: '{"ropeEvent":{"id":1}}' });

    await t.ctx.db
      .update(idempotentRequests)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(idempotentRequests.key, idem));
    expect(await pruneKeys(t.ctx.db, 1000)).toBeGreaterThanOrEqual(1);
    expect(await stored(userId, idem)).toEqual([]);
  });
});
