import { describe, expect, it } from 'vitest';
import {
  buildPlace,
  configure,
  deliveryReference,
  mailsTo as mailsIn,
  notificationsOf as notificationsIn,
  useMailingApp,
} from '../../../test/support/notifications.ts';
import type { TestSmtpServer } from '../../../test/support/smtp-server.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { deliverNotification } from './deliver.ts';
import { evaluateTrigger } from './evaluate.ts';

describe('idempotent jobs', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  useMailingApp((started) => ({ t, smtp } = started));
  const notificationsOf = (installationId: number) => notificationsIn(t, installationId);
  const mailsTo = (email: string) => mailsIn(smtp, email);

  it('processes the same evaluate and deliver jobs twice and notifies once', async () => {
    const place = await buildPlace(t);
    const editor = await place.person(['ROLE_CLIENT_ADMIN']);
    await configure(
      t,
      place.installation.id,
      { channels: ['email'], users: [editor.id], rules: [{ type: 'damage', reset: true }] },
      editor.cookie,
    );
    const trigger = {
      kind: 'event',
      id: 424242,
      ropeId: place.rope.id,
      recordingType: 'damage',
      type: 'wear',
    } as const;
    await evaluateTrigger(t.ctx, trigger);
    await evaluateTrigger(t.ctx, trigger);
    await t.ctx.queue.idle();
    const rows = await notificationsOf(place.installation.id);
    expect(rows).toHaveLength(1);
    const [mail, ...others] = mailsTo(editor.email);
    expect(others).toEqual([]);
    const deliveryId = deliveryReference(mail!.text)!;
    await deliverNotification(t.ctx, deliveryId, 1);
    await deliverNotification(t.ctx, deliveryId, 1);
    expect(mailsTo(editor.email)).toHaveLength(1);
  });
});
