import { isApiRole } from '@rope/domain/access/actor';
import { displayName } from '@rope/domain/users/schemas';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { mandatorMembers } from '../users/index.ts';
import { findArea } from './internal.ts';

/** The people of the area's mandator: candidates for the area's client user and for notifications. */
export async function listAreaUsers({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { area } = await findArea(ctx, actor, input.id);
  const rows = await mandatorMembers(ctx.db, area.mandatorId);
  return {
    users: rows
      .filter((row) => !row.roles.some(isApiRole))
      .map((row) => ({
        id: row.id,
        email: row.email,
        name: displayName(row),
        role: row.roles[0]!,
      })),
  };
}
