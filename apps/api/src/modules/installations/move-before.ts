import { installations } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { reorderBefore } from '../hierarchy/index.ts';
import { findInstallation } from './internal.ts';

const COLUMNS = {
  table: installations,
  id: installations.id,
  parentId: installations.areaId,
  ordering: installations.ordering,
};

/** Moves the installation before another of its area, or to the end when `beforeId` is null. */
export async function moveInstallationBefore({
  ctx,
  actor,
  input,
}: ActionArgs<{ id: number; beforeId: number | null }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { installation, area } = await findInstallation(ctx, actor, input.id);
  assertWritable([area]);
  const moved = await reorderBefore(ctx.db, COLUMNS, area.id, installation.id, input.beforeId);
  if (!moved) throw new AppError('VALIDATION', message('app.errors.installationOtherArea'));
}
