import { installations, ropeEvents, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import type { Role } from '@rope/domain/access/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { AppError } from '../../http/app-error.ts';
import { createEvent } from '../events/create.ts';
import { createRope } from '../ropes/create.ts';

/** What a verb throws, as the route would answer it. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, message } = error as AppError;
  return { status, message };
}

const wireBreak = (ropeId: number, isImported = false) => ({
  rope: { id: ropeId },
  position: 12.5,
  attributes: {
    timestamp: '2026-03-01T10:00:00Z',
    recordingType: 'damage' as const,
    type: 'wireBreak' as const,
    damageCount: 1,
    actionStatus: 'new' as const,
    isImported,
  },
});

describe('verbs called without a route, as a job or an import calls them', () => {
  let t: TestApp;
  let own: number;
  let foreign: number;
  let archived: number;
  const actors: Record<string, Actor> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const mandator = (await seedMandator(t.ctx.db)).id;
    const other = (await seedMandator(t.ctx.db)).id;
    const area = (await seedArea(t.ctx.db, mandator)).id;
    own = (await seedInstallation(t.ctx.db, area)).id;
    foreign = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other)).id)).id;
    archived = (await seedInstallation(t.ctx.db, area)).id;
    await t.ctx.db.update(installations).set({ isDeleted: true }).where(eq(installations.id, archived));
    const actor = async (role: Role): Promise<Actor> => {
      const user = await seedUser(t.ctx.db, { roles: [role], mandatorIds: [mandator] });
      return { userId: user.id, roles: [role], mandatorIds: [mandator], via: 'apiKey' };
    };
    actors.clientAdmin = await actor('ROLE_CLIENT_ADMIN');
    actors.client = await actor('ROLE_USER');
    actors.importer = await actor('ROLE_API_IMPORT');
    actors.external = await actor('ROLE_API_EXTERNAL');
  });
  afterAll(() => t.close());

  it('createRope checks the permission, the tenant and the archive itself', async () => {
    const { rope } = await createRope({ ctx: t.ctx, actor: actors.clientAdmin!, input: { installationId: own } });
    expect(rope).toMatchObject({ name: 'Rope 1', installation: { id: own } });

    expect(await refusal(createRope({ ctx: t.ctx, actor: actors.client!, input: { installationId: own } }))).toEqual({
      status: 403,
      message: 'You are not allowed to do this',
    });
    const missing = await refusal(
      createRope({ ctx: t.ctx, actor: actors.clientAdmin!, input: { installationId: 2_000_000_000 } }),
    );
    expect(missing).toEqual({ status: 404, message: 'No such installation' });
    // Another tenant's installation answers exactly like a missing one.
    expect(
      await refusal(createRope({ ctx: t.ctx, actor: actors.clientAdmin!, input: { installationId: foreign } })),
    ).toEqual(missing);
    expect(
      (await refusal(createRope({ ctx: t.ctx, actor: actors.clientAdmin!, input: { installationId: archived } })))
        .status,
    ).toBe(422);
    expect(await t.ctx.db.select().from(ropes).where(eq(ropes.installationId, foreign))).toEqual([]);
  });

  it('createEvent records an import account delivery and refuses a read-only account', async () => {
    const { rope } = await createRope({ ctx: t.ctx, actor: actors.clientAdmin!, input: { installationId: own } });
    const created = await createEvent({ ctx: t.ctx, actor: actors.importer!, input: wireBreak(rope.id, true) });
    const [row] = await t.ctx.db.select().from(ropeEvents).where(eq(ropeEvents.id, created.ropeEvent.id));
    expect(row).toMatchObject({ ropeId: rope.id, createdByUserId: actors.importer!.userId });
    expect(row!.attributes.isImported).toBe(true);

    expect(
      (await refusal(createEvent({ ctx: t.ctx, actor: actors.external!, input: wireBreak(rope.id) }))).status,
    ).toBe(403);
    // A person's event is never marked imported, whatever the input says.
    const typed = await createEvent({ ctx: t.ctx, actor: actors.client!, input: wireBreak(rope.id, true) });
    const [personal] = await t.ctx.db.select().from(ropeEvents).where(eq(ropeEvents.id, typed.ropeEvent.id));
    expect(personal!.attributes.isImported).toBe(false);
  });
});
