import type { Db } from '@rope/db/client';
import { areas, mandators } from '@rope/db/schema/index';
import { can, isAdmin, visibleMandators } from '@rope/domain/access/actor';
import { PERMISSIONS } from '@rope/domain/access/permissions';
import type { SessionUser } from '@rope/domain/auth/session';
import { LANGUAGE_IDS, type LanguageId } from '@rope/domain/common';
import { displayName, TWO_FACTOR_METHODS, type TwoFactorMethod } from '@rope/domain/users/schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { actorForUser, type UserRow } from '../../session/load-actor.ts';

function pick<T extends string, F>(values: readonly T[], value: string | null, fallback: F): T | F {
  return values.includes(value as T) ? (value as T) : fallback;
}

async function visibleAreaIds(db: Db, visible: 'all' | readonly number[]): Promise<number[]> {
  if (visible !== 'all' && visible.length === 0) return [];
  const notArchived = eq(areas.isDeleted, false);
  const rows = await db
    .select({ id: areas.id })
    .from(areas)
    .where(visible === 'all' ? notArchived : and(notArchived, inArray(areas.mandatorId, [...visible])))
    .limit(2);
  return rows.map((row) => row.id);
}

/** The signed-in person as the web sees them: permissions from can(), mandators by name, the single area. */
export async function buildSessionUser(db: Db, user: UserRow, session: { isLive: boolean }): Promise<SessionUser> {
  const actor = await actorForUser(db, user, 'session');
  const [mandatorRows, areaIds] = await Promise.all([
    actor.mandatorIds.length
      ? db
          .select({ id: mandators.id, name: mandators.name })
          .from(mandators)
          .where(inArray(mandators.id, [...actor.mandatorIds]))
          .orderBy(asc(mandators.name))
      : [],
    visibleAreaIds(db, visibleMandators(actor)),
  ]);
  return {
    id: user.id,
    name: displayName(user),
    email: user.email,
    roles: [...user.roles],
    mainRole: user.roles[0]!,
    isAdmin: isAdmin(actor),
    isFreeUser: user.roles.includes('ROLE_FREE_USER'),
    permissions: PERMISSIONS.filter((permission) => can(actor, permission)),
    mandators: mandatorRows,
    languageId: pick<LanguageId, LanguageId>(LANGUAGE_IDS, user.languageId, 'ENU'),
    twoFactorMethod: pick<TwoFactorMethod, null>(TWO_FACTOR_METHODS, user.twoFactorMethod, null),
    pictureUri: user.pictureUri,
    isSingleArea: areaIds.length === 1,
    singleAreaId: areaIds.length === 1 ? areaIds[0]! : null,
    isLive: session.isLive,
    hasImpersonate: can(actor, 'IMPERSONATE_USER'),
  };
}
