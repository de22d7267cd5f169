import type { Actor } from '@rope/domain/access/actor';
import type { SessionUser } from '@rope/domain/auth/session';
import type { UserSubject } from '@rope/domain/users/policy';
import type { UserListItem } from '@rope/domain/users/views';

/** The signed-in person as the domain's permission rules take them. */
export function sessionActor(user: Pick<SessionUser, 'id' | 'roles' | 'mandators'>): Actor {
  return {
    userId: user.id,
    roles: user.roles,
    mandatorIds: user.mandators.map((mandator) => mandator.id),
    via: 'session',
  };
}

export function listSubject(user: Pick<UserListItem, 'id' | 'roles' | 'mandators'>): UserSubject {
  return { id: user.id, roles: user.roles, mandatorIds: user.mandators.map((mandator) => mandator.id) };
}
