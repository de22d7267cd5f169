import { userMandators, users } from '@rope/db/schema/index';
import { type Actor, can } from '@rope/domain/access/actor';
import { and, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import type { JobRequest } from '../../infra/queue/types.ts';
import { addressInUseMail } from '../../mail/account-texts.ts';
import { sendMailJob } from '../../mail/send-mail-job.ts';
import { EMAIL_CONFLICT } from './internal.ts';

/** Where a placeholder address points: `.invalid` is reserved (RFC 2606), no mail can reach it. */
const PLACEHOLDER_DOMAIN = 'pending.invalid';

/** The stored address of a user whose given address is in use by someone hidden: unique, unguessable, undeliverable. */
export const placeholderEmail = () => `pending-${randomToken(32).toLowerCase()}@${PLACEHOLDER_DOMAIN}`;

/** How an address given on a user form is stored. */
export type EmailPlan =
  | { kind: 'free'; email: string }
  /** In use by someone the actor cannot see: stored as a placeholder, shown as given, the holder mailed. */
  | { kind: 'hidden'; email: string; requestedEmail: string; mail: JobRequest };

/**
 * Whether this address can be used for a new or changed user, and how. An address nobody has is free. One in use
 * answers 409 (the spec's "User email exists" dialog) only when the actor may know its holder: people who edit
 * any user see everyone, a client admin sees themselves and the people of their own mandators. For anyone else the
 * answer must not tell an address in another mandator from an unused one, so the user is saved as for a free
 * address, with a placeholder as its stored address and the given one shown, and the holder gets a mail saying
 * that someone tried to use their address (docs/auth.md, "Addresses in use").
 */
export async function planEmail(
  ctx: AppContext,
  actor: Actor,
  email: string,
  exceptUserId?: number,
): Promise<EmailPlan> {
  const stored = sql`lower(${users.email}) = lower(${email})`;
  // A user shown with this address (their given one, see below) conflicts as well, when the actor sees them.
  const given = sql`lower(${users.requestedEmail}) = lower(${email})`;
  const sameEmail = sql`(${stored} or ${given})`;
  const candidates = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      languageId: users.languageId,
      holds: sql<boolean>`${stored}`,
      sharesMandator: sql<boolean>`exists (
        select 1 from ${userMandators}
        where ${userMandators.userId} = ${users.id}
          and ${userMandators.mandatorId} in (${sql.join([...actor.mandatorIds.map((id) => sql`${id}`), sql`null`], sql`, `)})
      )`,
    })
    .from(users)
    .where(exceptUserId === undefined ? sameEmail : and(sameEmail, ne(users.id, exceptUserId)));
  const knows = (candidate: (typeof candidates)[number]) =>
    can(actor, 'USER_EDIT_ANY') || candidate.id === actor.userId || candidate.sharesMandator;
  if (candidates.some(knows)) throw new AppError('CONFLICT', EMAIL_CONFLICT);
  const holder = candidates.find((candidate) => candidate.holds);
  if (!holder) return { kind: 'free', email };
  return {
    kind: 'hidden',
    email: placeholderEmail(),
    requestedEmail: email,
    mail: jobRequest(
      sendMailJob,
      { to: holder.email, ...addressInUseMail(holder.languageId) },
      `address-in-use:${holder.id}:${randomToken(16)}`,
    ),
  };
}

/** The address a user row shows: the given one while its stored one is a placeholder. */
export const shownEmailOf = (row: { email: string; requestedEmail: string | null }) => row.requestedEmail ?? row.email;
