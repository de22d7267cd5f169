import { isUniqueViolation } from '@rope/db/errors';
import { userMandators, users } from '@rope/db/schema/index';
import { can } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import type { UserCreate } from '@rope/domain/users/forms';
import { assignableRoles, keepsMandators } from '@rope/domain/users/policy';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../infra/crypto.ts';
import type { ActionArgs } from '../action-args.ts';
import { planEmail } from './email-in-use.ts';
import {
  assertLoginMethodAllowed,
  assertManagesUsers,
  checkMandators,
  EMAIL_CONFLICT,
  fieldError,
  isKnownSamlProvider,
  requiredMandators,
  unknownSamlProvider,
} from './internal.ts';

export async function createUser({ ctx, actor, input, request }: ActionArgs<UserCreate>) {
  assertManagesUsers(actor);
  const editsAny = can(actor, 'USER_EDIT_ANY');
  // Edit-any chooses the role; a client admin's new users are clients unless they pick another client role.
  const role = input.role ?? (editsAny ? undefined : 'ROLE_USER');
  if (!role) throw fieldError('VALIDATION', 'user.role', message('validation.selectRequired'));
  if (!assignableRoles(actor).includes(role)) {
    throw fieldError('FORBIDDEN', 'user.role', message('app.errors.roleNotGivable'));
  }
  const roles = [role];
  let mandatorIds = await checkMandators(ctx, actor, input.mandators ?? []);
  if (!editsAny && mandatorIds.length === 0) throw requiredMandators();
  if (!keepsMandators(roles)) mandatorIds = [];
  assertLoginMethodAllowed({ roles, email: input.email }, input.loginMethod);
  const samlProvider = input.loginMethod === 'saml' ? (input.samlProvider ?? null) : null;
  if (samlProvider && !isKnownSamlProvider(ctx.env, samlProvider)) throw unknownSamlProvider();
  const address = await planEmail(ctx, actor, input.email);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const twoFactorMethod = input.twoFactorMethod ?? null;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: address.email,
          requestedEmail: address.kind === 'hidden' ? address.requestedEmail : null,
          firstname: input.firstname,
          lastname: input.lastname,
          phone: input.phone || null,
          function: input.function ?? null,
          roles,
          languageId: input.languageId,
          notificationEnabled: input.notificationEnabled,
          // A user counts as active if marked so, or has a password, or has two-factor configured.
          isActive: input.isActive || passwordHash !== null || twoFactorMethod !== null,
          passwordHash,
          passwordChangedAt: passwordHash ? new Date() : null,
          loginMethod: input.loginMethod,
          twoFactorMethod,
          samlProvider,
        })
        .returning({ id: users.id });
      const userId = created!.id;
      if (mandatorIds.length) {
        await tx.insert(userMandators).values(mandatorIds.map((mandatorId) => ({ userId, mandatorId })));
      }
      if (address.kind === 'hidden') await ctx.queue.enqueue(address.mail, tx);
      await writeAudit(
        tx,
        {
          action: 'user.create',
          actorUserId: actor.userId,
          targetType: 'user',
          targetId: userId,
          details: {
            email: input.email,
            roles,
            mandatorIds,
            ...(address.kind === 'hidden' ? { addressInUse: true } : {}),
          },
        },
        request,
      );
      return userId;
    });
    return { user: { id, role } };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_CONFLICT);
    throw error;
  }
}
