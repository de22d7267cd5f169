import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '../../../test/support/auth.ts';
import { seedMandator, seedUser, TEST_PASSWORD } from '../../../test/support/factories.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import type { Mail } from '../../infra/mailer.ts';
import { loadRecipients } from '../notifications/recipients.ts';

/**
 * A client admin must not learn whether an address is in use in a mandator they cannot see: such an address is
 * answered as an unused one, the user is saved and shown with it, and the holder gets a mail (docs/auth.md,
 * "Addresses in use"). An address they may know of (their own, their mandators' people) and anything an admin or
 * project manager does still answers 409.
 */
describe('an address in use by someone the actor cannot see', () => {
  let t: TestApp;
  let own: number;
  let clientAdmin: string;
  let admin: string;
  let holder: Awaited<ReturnType<typeof seedUser>>;
  let colleague: Awaited<ReturnType<typeof seedUser>>;
  let self: Awaited<ReturnType<typeof seedUser>>;
  const sent: Mail[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    const send = t.ctx.mailer.send.bind(t.ctx.mailer);
    t.ctx.mailer.send = async (mail) => {
      sent.push(mail);
      await send(mail);
    };
    own = (await seedMandator(t.ctx.db)).id;
    const foreign = (await seedMandator(t.ctx.db)).id;
    self = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [own] });
    clientAdmin = await signIn(t.ctx, self);
    admin = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    holder = await seedUser(t.ctx.db, { email: 'held@foreign.test', mandatorIds: [foreign], languageId: 'DES' });
    colleague = await seedUser(t.ctx.db, { email: 'colleague@own.test', mandatorIds: [own] });
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'POST' | 'PATCH' | 'GET', url: string, user?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(user ? { payload: { user } } : {}) });
  const create = (cookie: string, email: string) =>
    call(cookie, 'POST', '/api/users', {
      email,
      role: 'ROLE_USER',
      firstname: 'Nora',
      lastname: 'Keller',
      mandators: [own],
      password: 'chosen-by-admin-1',
    });
  /** The answer with what must differ between two users (ids, the address) taken out. */
  const shape = (body: string, email: string) =>
    body.replace(/"id":\d+/g, '"id":0').replaceAll(JSON.stringify(email), '"EMAIL"');
  const mailsTo = async (email: string, count: number) => {
    for (let i = 0; i < 200 && sent.filter((mail) => mail.to === email).length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return sent.filter((mail) => mail.to === email);
  };

  it('creates as for an unused address, shows the given address, and mails its holder in their language', async () => {
    const fresh = await create(clientAdmin, 'nobody-has-this@fresh.test');
    const held = await create(clientAdmin, 'HELD@foreign.test');
    expect(held.statusCode, held.body).toBe(fresh.statusCode);
    expect(fresh.statusCode).toBe(200);
    expect(shape(held.body, 'HELD@foreign.test')).toBe(shape(fresh.body, 'nobody-has-this@fresh.test'));

    for (const [answer, email] of [
      [fresh, 'nobody-has-this@fresh.test'],
      [held, 'HELD@foreign.test'],
    ] as const) {
      const id = answer.json().user.id;
      const detail = await call(clientAdmin, 'GET', `/api/users/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().user.email).toBe(email);
      const list = await call(clientAdmin, 'GET', `/api/users?search=${encodeURIComponent(email.slice(0, 6))}`);
      expect(JSON.stringify(list.json())).toContain(email);
    }
    const [detailFresh, detailHeld] = await Promise.all(
      [fresh, held].map((answer) => call(clientAdmin, 'GET', `/api/users/${answer.json().user.id}`)),
    );
    expect(shape(detailHeld!.body, 'HELD@foreign.test')).toBe(shape(detailFresh!.body, 'nobody-has-this@fresh.test'));

    // The holder's account is untouched, the new user's stored address is an undeliverable placeholder.
    const [holderNow] = await t.ctx.db.select().from(users).where(eq(users.id, holder.id));
    expect(holderNow).toEqual(holder);
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, held.json().user.id));
    expect(stored!.email).toMatch(/^pending-[a-z0-9]+@pending\.invalid$/);
    expect(stored!.requestedEmail).toBe('HELD@foreign.test');
    // Notifications of the mandator go to the fresh user, never to a placeholder.
    const recipients = await loadRecipients(t.ctx.db, own, [fresh.json().user.id, held.json().user.id]);
    expect(recipients.map((recipient) => recipient.id)).toEqual([fresh.json().user.id]);
    // The password the client admin chose opens neither account.
    expect((await postLogin(t.app, 'held@foreign.test', 'chosen-by-admin-1')).statusCode).not.toBe(200);
    expect((await postLogin(t.app, 'held@foreign.test', TEST_PASSWORD)).statusCode).toBe(200);

    // Given again, the address is now one of the client admin's own users: 409, as after an unused address.
    const again = await create(clientAdmin, 'held@FOREIGN.test');
    const againFresh = await create(clientAdmin, 'nobody-has-this@fresh.test');
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(againFresh.body);

    const [mail] = await mailsTo('held@foreign.test', 1);
    expect(mail!.subject).toBe('Jemand wollte Ihre Adresse in Rope Cockpit verwenden');
    expect(mail!.text).toContain('an Ihrem Konto hat sich nichts geändert');
    expect(sent.filter((candidate) => candidate.to === 'nobody-has-this@fresh.test')).toEqual([]);
  });

  it('changes an address as for an unused one; the user keeps signing in with the stored one', async () => {
    const a = await seedUser(t.ctx.db, { email: 'first@own.test', mandatorIds: [own] });
    const b = await seedUser(t.ctx.db, { email: 'second@own.test', mandatorIds: [own] });
    const fresh = await call(clientAdmin, 'PATCH', `/api/users/${a.id}`, { email: 'unused-change@fresh.test' });
    const foreign = (await seedMandator(t.ctx.db)).id;
    await seedUser(t.ctx.db, { email: 'also-held@foreign.test', mandatorIds: [foreign], languageId: 'ENU' });
    const held = await call(clientAdmin, 'PATCH', `/api/users/${b.id}`, { email: 'also-held@foreign.test' });
    expect(held.statusCode, held.body).toBe(200);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(shape(held.body, 'also-held@foreign.test')).toBe(shape(fresh.body, 'unused-change@fresh.test'));
    expect((await call(clientAdmin, 'GET', `/api/users/${b.id}`)).json().user.email).toBe('also-held@foreign.test');
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, b.id));
    expect(stored).toMatchObject({ email: 'second@own.test', requestedEmail: 'also-held@foreign.test' });
    expect((await mailsTo('also-held@foreign.test', 1))[0]!.subject).toBe(
      'Someone tried to use your address in Rope Cockpit',
    );

    // Back to the stored address, or on to a free one: the placeholder state ends.
    await call(clientAdmin, 'PATCH', `/api/users/${b.id}`, { email: 'second@own.test' });
    expect((await t.ctx.db.select().from(users).where(eq(users.id, b.id)))[0]).toMatchObject({
      email: 'second@own.test',
      requestedEmail: null,
    });
  });

  it('answers 409 for an address the actor may know of, and to admins for any', async () => {
    for (const email of [colleague.email, self.email.toUpperCase()]) {
      const created = await create(clientAdmin, email);
      expect(created.statusCode, `${email} ${created.body}`).toBe(409);
      expect(created.json().code).toBe('CONFLICT');
    }
    const changed = await call(clientAdmin, 'PATCH', `/api/users/${colleague.id}`, { email: self.email });
    expect(changed.statusCode).toBe(409);
    expect((await create(admin, 'held@foreign.test')).statusCode).toBe(409);
    expect((await call(admin, 'PATCH', `/api/users/${colleague.id}`, { email: 'held@foreign.test' })).statusCode).toBe(
      409,
    );
    // No mail for a conflict the actor is told of.
    expect(await mailsTo('held@foreign.test', 2)).toHaveLength(1);
  });
});
