import { can } from '@rope/domain/access/actor';
import { mayListMandatorUsers } from '@rope/domain/mandators/policy';
import { seesUserOnUsersScreen } from '@rope/domain/users/policy';
import { displayName } from '@rope/domain/users/schemas';
import { forbidden, notFound } from '../../http/app-error.ts';
import type { ActionArgs } from '../action-args.ts';
import { mandatorMembers } from '../users/index.ts';
import { findMandator, MANDATOR_NOT_FOUND } from './internal.ts';

/**
 * GET /mandators/{id}/users. Admins (mandator management) for any mandator; client admins (edit-own) for their
 * own mandators only, seeing the users their users screen shows (no admins, project managers or API accounts);
 * a client admin asking for another mandator gets 404, like any object of a tenant they cannot see.
 */
export async function listMandatorUsers({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  if (!can(actor, 'MANDATOR_MANAGE') && !can(actor, 'USER_EDIT_OWN')) throw forbidden();
  if (!mayListMandatorUsers(actor, input.id)) throw notFound(MANDATOR_NOT_FOUND);
  const mandator = await findMandator(ctx, input.id);
  const rows = await mandatorMembers(ctx.db, mandator.id);
  return {
    users: rows
      .filter((row) => seesUserOnUsersScreen(actor, { id: row.id, roles: row.roles, mandatorIds: [mandator.id] }))
      .map((row) => ({
        id: row.id,
        name: displayName(row),
        email: row.email,
        role: row.roles[0]!,
      })),
  };
}
