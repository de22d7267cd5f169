import { isUniqueViolation } from '@rope/db/errors';
import { sessions, userMandators, users } from '@rope/db/schema/index';
import { type Actor, can } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { isSamePhone, type UserPatch, type UserUpdate, userUpdateSchema } from '@rope/domain/users/forms';
import { canManageUser, keepsMandators } from '@rope/domain/users/policy';
import { and, eq, ne } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { hashPassword, sha256 } from '../../infra/crypto.ts';
import type { ActionArgs } from '../action-args.ts';
import { planEmail, shownEmailOf } from './email-in-use.ts';
import {
  assertLoginMethodAllowed,
  assertManagesUsers,
  checkMandators,
  EMAIL_CONFLICT,
  fieldError,
  findVisibleUser,
  isKnownSamlProvider,
  requiredMandators,
  toUserDetail,
  type UserTarget,
  unknownSamlProvider,
} from './internal.ts';

type UserValues = Partial<typeof users.$inferInsert>;

// Plain columns a PATCH may change as sent; a changed one is named in the audit entry.
const PLAIN_FIELDS = [
  'firstname',
  'lastname',
  'function',
  'loginMethod',
  'twoFactorMethod',
  'samlProvider',
  'languageId',
  'notificationEnabled',
  'isActive',
] as const;

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The sent fields (the user as GET answers it, or any part of it) merged into the stored user and validated whole;
 * only the fields that really change are written. The password is never read back, so it is taken as sent.
 */
function changesOf(actor: Actor, target: UserTarget, patch: UserPatch): UserUpdate {
  const { password, phone, ...fields } = patch;
  const { id: _id, roles: _roles, pictureUri: _picture, ...current } = toUserDetail(actor, target);
  // A stored phone that is no number (saved before numbers were checked) stays as it is until it is changed.
  const keepsPhone = phone === undefined || isSamePhone(phone, current.phone);
  const { value, changed } = applyPatch({
    entity: 'user',
    current: keepsPhone ? { ...current, phone: null } : current,
    patch: keepsPhone ? fields : { ...fields, phone },
    schema: userUpdateSchema,
  });
  return {
    ...Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]])),
    ...(password === undefined ? {} : { password }),
  };
}

export async function updateUser({ ctx, actor, input, request }: ActionArgs<{ id: number; patch: UserPatch }>) {
  assertManagesUsers(actor);
  const target = await findVisibleUser(ctx, actor, input.id);
  const body = changesOf(actor, target, input.patch);
  const { row } = target;
  if (!canManageUser(actor, { id: row.id, roles: row.roles, mandatorIds: target.mandatorIds })) {
    throw forbidden(message('app.errors.editUserForbidden'));
  }
  const values: UserValues = {};
  const changed: string[] = [];
  for (const field of PLAIN_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== row[field]) {
      Object.assign(values, { [field]: value });
      changed.push(field);
    }
  }
  if (body.phone !== undefined && (body.phone || null) !== row.phone) {
    values.phone = body.phone || null;
    changed.push('phone');
  }
  const shown = shownEmailOf(row);
  let holderMail: Awaited<ReturnType<typeof planEmail>> | undefined;
  if (body.email !== undefined && body.email !== shown) {
    if (body.email.toLowerCase() === row.email.toLowerCase()) {
      // Back to the user's own stored address: nothing to check.
      Object.assign(values, { email: body.email, requestedEmail: null });
    } else {
      holderMail = await planEmail(ctx, actor, body.email, row.id);
      // In use by someone hidden: the stored address stays (the user keeps signing in with it), the given one shows.
      if (holderMail.kind === 'hidden') values.requestedEmail = holderMail.requestedEmail;
      else Object.assign(values, { email: body.email, requestedEmail: null });
    }
    changed.push('email');
  }

  let roles = row.roles;
  if (body.role !== undefined && body.role !== row.roles[0]) {
    if (!can(actor, 'USER_EDIT_ANY'))
      throw fieldError('FORBIDDEN', 'user.role', message('app.errors.rolesNotChangeable'));
    roles = [body.role];
    values.roles = roles;
    changed.push('roles');
  }
  let mandatorIds =
    body.mandators === undefined ? target.mandatorIds : await checkMandators(ctx, actor, body.mandators);
  if (!can(actor, 'USER_EDIT_ANY') && mandatorIds.length === 0) throw requiredMandators();
  if (!keepsMandators(roles)) mandatorIds = [];
  const mandatorsChanged = !sameSet(mandatorIds, target.mandatorIds);
  if (mandatorsChanged) changed.push('mandators');

  const loginMethod = values.loginMethod ?? row.loginMethod;
  if (values.loginMethod || values.roles || changed.includes('email')) {
    assertLoginMethodAllowed({ roles, email: body.email ?? shown }, loginMethod);
  }
  const samlProvider = values.samlProvider === undefined ? row.samlProvider : values.samlProvider;
  if (loginMethod === 'saml' && !samlProvider) {
    throw fieldError('VALIDATION', 'user.samlProvider', message('validation.samlProviderRequired'));
  }
  if (loginMethod === 'saml' && samlProvider && !isKnownSamlProvider(ctx.env, samlProvider)) {
    throw unknownSamlProvider();
  }
  if ('twoFactorMethod' in values && values.twoFactorMethod !== 'authenticator') {
    // A secret left behind would come back to life when the authenticator is chosen again.
    values.twoFactorSecret = null;
    values.twoFactorLastStep = null;
  }
  if (body.password) {
    values.passwordHash = await hashPassword(body.password);
    values.passwordChangedAt = new Date();
    if (body.isActive === undefined && !row.isActive) values.isActive = true;
    changed.push('password');
  }

  // A new password or new privileges end the user's other sessions; the actor's own session stays.
  const endSessions =
    changed.includes('password') || changed.includes('roles') || mandatorsChanged || values.isActive === false;
  const keepToken = row.id === actor.userId ? request?.auth?.sessionToken : undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(values).length) await tx.update(users).set(values).where(eq(users.id, row.id));
      if (mandatorsChanged) {
        await tx.delete(userMandators).where(eq(userMandators.userId, row.id));
        if (mandatorIds.length) {
          await tx.insert(userMandators).values(mandatorIds.map((mandatorId) => ({ userId: row.id, mandatorId })));
        }
      }
      if (holderMail?.kind === 'hidden') await ctx.queue.enqueue(holderMail.mail, tx);
      if (endSessions) {
        const mine = eq(sessions.userId, row.id);
        await tx.delete(sessions).where(keepToken ? and(mine, ne(sessions.idHash, sha256(keepToken))) : mine);
      }
      if (changed.length) {
        await writeAudit(
          tx,
          {
            action: 'user.update',
            actorUserId: actor.userId,
            targetType: 'user',
            targetId: row.id,
            details: { fields: changed },
          },
          request,
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_CONFLICT);
    throw error;
  }
  const [updated] = await ctx.db.select().from(users).where(eq(users.id, row.id));
  return { user: toUserDetail(actor, { row: updated!, mandatorIds }) };
}
