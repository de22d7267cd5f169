import { describe, expect, it } from 'vitest';
import type { TestSmtpServer } from '../../test/smtp-server.ts';
import type { TestApp } from '../../test/test-app.ts';
import { processDelivery } from './deliver.ts';
import { processEvaluate } from './evaluate.ts';
import { JOB_DELIVER, JOB_EVALUATE } from './queues.ts';
import {
  buildPlace,
  configure,
  deliveryReference,
  mailsTo as mailsIn,
  notificationsOf as notificationsIn,
  useMailingApp,
} from './test-support.ts';

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
    const job = {
      id: 1,
      queue: 'notifications',
      name: JOB_EVALUATE,
      payload: { kind: 'event', id: 424242, ropeId: place.rope.id, recordingType: 'damage', type: 'wear' },
      idempotencyKey: 'evaluate:event:424242',
      attempt: 1,
    };
    await processEvaluate(t.ctx)(job);
    await processEvaluate(t.ctx)({ ...job, attempt: 2 });
    await t.ctx.queue.idle();
    const rows = await notificationsOf(place.installation.id);
    expect(rows).toHaveLength(1);
    const [mail, ...others] = mailsTo(editor.email);
    expect(others).toEqual([]);
    const deliveryId = deliveryReference(mail!.text)!;
    const deliver = {
      id: 2,
      queue: 'deliveries',
      name: JOB_DELIVER,
      payload: { deliveryId },
      idempotencyKey: 'x',
      attempt: 1,
    };
    await processDelivery(t.ctx)(deliver);
    await processDelivery(t.ctx)(deliver);
    expect(mailsTo(editor.email)).toHaveLength(1);
  });
});
