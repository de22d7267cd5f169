import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from './internal.ts';

/** The storage key of the installation's map image, if it has one; its viewers may load it. */
export async function findMapImageKey({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const { installation } = await findInstallation(ctx, actor, input.id);
  return installation.attributes.mapImageUri;
}
