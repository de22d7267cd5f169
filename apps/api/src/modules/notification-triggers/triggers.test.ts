import { documents, notifications, ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, configure } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { enqueueDocumentTrigger, enqueueSmartropeTrigger } from './triggers.ts';

describe('document and smartrope triggers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
  });
  afterAll(() => t.close());

  it('notifies a new document on the installation or one of its ropes, once per document', async () => {
    const place = await buildPlace(t);
    const editor = await place.person(['ROLE_CLIENT_ADMIN']);
    await configure(
      t,
      place.installation.id,
      { channels: ['email'], users: [editor.id], rules: [{ type: 'newDocument', reset: true }] },
      editor.cookie,
    );
    const [document] = await t.ctx.db
      .insert(documents)
      .values({
        name: 'Inspection 2026.pdf',
        mimeType: 'application/pdf',
        storageKey: 'k',
        size: 1,
        targetType: 'rope',
        targetId: place.rope.id,
      })
      .returning();
    await t.ctx.db.transaction(async (tx) => {
      await enqueueDocumentTrigger(tx, t.ctx, {
        documentId: document!.id,
        installationId: place.installation.id,
        ropeId: place.rope.id,
      });
      await enqueueDocumentTrigger(tx, t.ctx, {
        documentId: document!.id,
        installationId: place.installation.id,
        ropeId: place.rope.id,
      });
    });
    await t.ctx.db.transaction((tx) =>
      enqueueDocumentTrigger(tx, t.ctx, { documentId: 777_777, installationId: place.installation.id }),
    );
    await t.ctx.queue.idle();
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.installationId, place.installation.id));
    expect(rows.map((row) => [row.type, row.ropeId, row.text]).sort()).toEqual([
      ['newDocument', null, 'New document on Gondola Zermatt'],
      ['newDocument', place.rope.id, "New document 'Inspection 2026.pdf' on rope 'Haul rope' of Gondola Zermatt"],
    ]);
  });

  it('notifies a smartrope measurement over the threshold once, until it has been back under it', async () => {
    const place = await buildPlace(t);
    const editor = await place.person(['ROLE_CLIENT_ADMIN']);
    await configure(
      t,
      place.installation.id,
      { channels: ['email'], users: [editor.id], rules: [{ type: 'smartropeThreshold', threshold: 500, reset: true }] },
      editor.cookie,
    );
    const measure = async (seconds: number, value: number) => {
      await t.ctx.db.transaction((tx) =>
        enqueueSmartropeTrigger(tx, t.ctx, {
          smartropeEventId: 9,
          ropeId: place.rope.id,
          measuredAt: new Date(seconds * 1000),
          value,
        }),
      );
      await t.ctx.queue.idle();
    };
    for (const [seconds, value] of [
      [1, 400],
      [2, 612],
      [3, 700],
      [4, 450],
      [5, 501],
    ] as const)
      await measure(seconds, value);
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.installationId, place.installation.id));
    expect(rows.map((row) => row.text)).toEqual([
      "A smartrope measurement on rope 'Haul rope' of Gondola Zermatt exceeded 500 (now 612)",
      "A smartrope measurement on rope 'Haul rope' of Gondola Zermatt exceeded 500 (now 501)",
    ]);
  });

  it('ignores triggers of archived ropes and of installations without rules', async () => {
    const place = await buildPlace(t);
    const editor = await place.person(['ROLE_CLIENT_ADMIN']);
    await t.ctx.db.transaction((tx) =>
      enqueueSmartropeTrigger(tx, t.ctx, {
        smartropeEventId: 1,
        ropeId: place.rope.id,
        measuredAt: new Date(),
        value: 999,
      }),
    );
    // Evaluated before the rules exist: on a busy machine the job could otherwise run after they are saved.
    await t.ctx.queue.idle();
    await configure(
      t,
      place.installation.id,
      { channels: ['email'], users: [editor.id], rules: [{ type: 'smartropeThreshold', threshold: 1, reset: true }] },
      editor.cookie,
    );
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, place.rope.id));
    await t.ctx.db.transaction((tx) =>
      enqueueSmartropeTrigger(tx, t.ctx, {
        smartropeEventId: 2,
        ropeId: place.rope.id,
        measuredAt: new Date(),
        value: 999,
      }),
    );
    await t.ctx.queue.idle();
    expect(
      await t.ctx.db.select().from(notifications).where(eq(notifications.installationId, place.installation.id)),
    ).toEqual([]);
  });
});
