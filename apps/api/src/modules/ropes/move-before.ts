import { ropes } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { reorderBefore } from '../hierarchy/index.ts';
import { findRope } from './internal.ts';

const COLUMNS = { table: ropes, id: ropes.id, parentId: ropes.installationId, ordering: ropes.ordering };

/** Moves the rope before another of its installation, or to the end when `beforeId` is null. */
export async function moveRopeBefore({ ctx, actor, input }: ActionArgs<{ id: number; beforeId: number | null }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { rope, installation, area } = await findRope(ctx, actor, input.id);
  assertWritable([installation, area]);
  const moved = await reorderBefore(ctx.db, COLUMNS, installation.id, rope.id, input.beforeId);
  if (!moved) throw new AppError('VALIDATION', message('app.errors.ropeOtherInstallation'));
}
