import { isAssignableBy } from '@rope/domain/tasks/rules';
import { displayName } from '@rope/domain/users/schemas';
import { assertCan } from '../../http/guards.ts';
import { usersWhoSeeMandator } from '../../tenancy/people.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { candidates } from './internal.ts';

/** The people the actor may assign to a task of this rope, as the task dialog offers them: those who see the rope. */
export async function listAssignableUsers({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const { area } = await findRope(ctx, actor, input.ropeId);
  const rows = await candidates(ctx.db, usersWhoSeeMandator(ctx.db, area.mandatorId));
  const users = rows
    .filter((row) => isAssignableBy(actor, row, area.mandatorId))
    .map((row) => ({
      id: row.id,
      email: row.email,
      name: displayName(row),
      roles: row.roles,
    }));
  return { users };
}
