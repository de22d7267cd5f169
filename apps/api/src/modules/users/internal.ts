import { mandators, userMandators, users } from '@rope/db/schema/index';
import { type Actor, can, isApiRole, visibleMandators } from '@rope/domain/access/actor';
import type { Role } from '@rope/domain/access/roles';
import { mayUseLoginMethod } from '@rope/domain/auth/rules';
import { englishText, message } from '@rope/domain/messages';
import { managesUsers, seesUserOnUsersScreen, type UserSubject } from '@rope/domain/users/policy';
import type { LoginMethod } from '@rope/domain/users/schemas';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Env } from '../../env.ts';
import { AppError, type ErrorText, forbidden, notFound } from '../../http/app-error.ts';
import { mandatorIdsOf, type UserRow } from '../../session/load-actor.ts';
import type { UserDetail } from './schemas.ts';

export interface UserTarget {
  row: UserRow;
  mandatorIds: number[];
}

export const subjectOf = (target: UserTarget): UserSubject => ({
  id: target.row.id,
  roles: target.row.roles,
  mandatorIds: target.mandatorIds,
});

export const USER_NOT_FOUND = message('app.errors.userNotFound');

/** The users screen and its calls are for people who manage users: edit-any or edit-own. */
export function assertManagesUsers(actor: Actor): void {
  if (!managesUsers(actor)) throw forbidden();
}

/** The user as the users screen shows it to this actor; 404 for a missing user and for one the actor may not see. */
export async function findVisibleUser(ctx: AppContext, actor: Actor, id: number): Promise<UserTarget> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound(USER_NOT_FOUND);
  const target = { row, mandatorIds: await mandatorIdsOf(ctx.db, id) };
  if (!seesUserOnUsersScreen(actor, subjectOf(target))) throw notFound(USER_NOT_FOUND);
  return target;
}

/** Only the mandators the actor sees: a client admin never learns the other tenants of a shared user. */
export function visibleMandatorIds(actor: Actor, mandatorIds: readonly number[]): number[] {
  const visible = visibleMandators(actor);
  return mandatorIds.filter((id) => visible === 'all' || visible.includes(id));
}

export function toUserDetail(actor: Actor, target: UserTarget): UserDetail {
  const { row } = target;
  return {
    id: row.id,
    email: row.requestedEmail ?? row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    function: row.function as UserDetail['function'],
    role: row.roles[0]!,
    roles: row.roles,
    mandators: visibleMandatorIds(actor, target.mandatorIds),
    loginMethod: row.loginMethod as UserDetail['loginMethod'],
    twoFactorMethod: row.twoFactorMethod as UserDetail['twoFactorMethod'],
    samlProvider: row.samlProvider,
    languageId: row.languageId as UserDetail['languageId'],
    notificationEnabled: row.notificationEnabled,
    isActive: row.isActive,
    pictureUri: row.pictureUri,
  };
}

export const EMAIL_CONFLICT = message('app.errors.emailConflict');

/**
 * The mandators of a user form, deduplicated: edit-own actors may name only their own, and an id that does not
 * exist or is not visible is refused the same way, so a foreign mandator's existence never shows.
 */
export async function checkMandators(ctx: AppContext, actor: Actor, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!can(actor, 'USER_EDIT_ANY') && unique.some((id) => !actor.mandatorIds.includes(id))) throw unknownMandator();
  if (unique.length === 0) return unique;
  const found = await ctx.db.select({ id: mandators.id }).from(mandators).where(inArray(mandators.id, unique));
  if (found.length !== unique.length) throw unknownMandator();
  return unique;
}

const unknownMandator = () => fieldError('VALIDATION', 'user.mandators', message('app.errors.unknownMandator'));

/** A refusal of one field: the message names the field, its key is the field's. */
export function fieldError(code: 'VALIDATION' | 'FORBIDDEN', field: string, text: ErrorText): AppError {
  return new AppError(code, { ...text, text: `${field}: ${text.text ?? englishText(text)}` }, { [field]: text });
}

/** No-password only for client roles, email codes only to a personal address; API accounts never sign in. */
export function assertLoginMethodAllowed(user: { roles: readonly Role[]; email: string }, method: string): void {
  if (user.roles.every(isApiRole)) return;
  if (!mayUseLoginMethod(user, method as LoginMethod)) {
    throw fieldError('VALIDATION', 'user.loginMethod', message('validation.loginMethodNotAllowed'));
  }
}

export function isKnownSamlProvider(env: Env, id: string): boolean {
  return env.SAML_PROVIDERS.some((provider) => provider.id === id);
}

export const unknownSamlProvider = () =>
  fieldError('VALIDATION', 'user.samlProvider', message('app.errors.unknownSamlProvider'));

export const requiredMandators = () => fieldError('VALIDATION', 'user.mandators', message('validation.required'));

export async function mandatorsByUser(ctx: AppContext, actor: Actor, userIds: number[]) {
  const byUser = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const visible = visibleMandators(actor);
  const rows = await ctx.db
    .select({ userId: userMandators.userId, id: mandators.id, name: mandators.name })
    .from(userMandators)
    .innerJoin(mandators, eq(mandators.id, userMandators.mandatorId))
    .where(inArray(userMandators.userId, userIds))
    .orderBy(asc(mandators.name), asc(mandators.id));
  for (const row of rows) {
    if (visible !== 'all' && !visible.includes(row.id)) continue;
    const list = byUser.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.userId, list);
  }
  return byUser;
}
