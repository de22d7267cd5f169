import { installations, ropes } from '@rope/db/schema/index';
import {
  type InstallationUpdate,
  lockedInstallationAttributes,
  UPLOAD_SET_INSTALLATION_ATTRIBUTES,
} from '@rope/domain/hierarchy';
import { type Actor, can } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { refreshRopeDamage } from '../events/refresh-damage.ts';
import { assertWritable, findInstallation, type InstallationRow } from '../hierarchy/scope.ts';
import { toInstallationView } from './view.ts';

export async function updateInstallation({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: InstallationUpdate;
}) {
  const { installation, area } = await findInstallation(ctx, actor, id);
  const restoring = input.isDeleted === false && Object.keys(input).length === 1;
  assertWritable([installation, area], restoring);
  if (input.latlngs !== undefined && !can(actor, 'MAP_EDIT')) {
    throw new AppError('FORBIDDEN', 'Only admins place installations on the map');
  }
  const attributes = input.attributes
    ? mergeAttributes(actor, installation.attributes, input.attributes)
    : installation.attributes;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(installations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.latlngs !== undefined ? { latlngs: input.latlngs } : {}),
        ...(input.isDeleted !== undefined ? { isDeleted: input.isDeleted } : {}),
        attributes,
        updatedAt: new Date(),
      })
      .where(eq(installations.id, id))
      .returning();
    // The loop length sets where the windows of endless ropes wrap: their damages follow at once.
    if (attributes.loopLength !== installation.attributes.loopLength) {
      const members = await tx.select({ id: ropes.id }).from(ropes).where(eq(ropes.installationId, id));
      for (const rope of members) await refreshRopeDamage(tx, ctx, rope.id, updated!);
    }
    return updated!;
  });
  return toInstallationView(row);
}

export async function deleteInstallation({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  await findInstallation(ctx, actor, id);
  // Ropes, events, tasks and notifications go with it through the cascading foreign keys.
  await ctx.db.delete(installations).where(eq(installations.id, id));
}

type Attributes = InstallationRow['attributes'];

/**
 * The settings dialog sends all attributes; fields the actor may not change keep their stored value, and so do the
 * map image's storage key and size, which only an upload sets (a key from a body could name another tenant's file).
 */
function mergeAttributes(actor: Actor, stored: Attributes, sent: Attributes): Attributes {
  const locked = lockedInstallationAttributes(actor) as (keyof Attributes)[];
  const changed = locked.filter(
    (key) => sent[key] !== undefined && JSON.stringify(sent[key]) !== JSON.stringify(stored[key]),
  );
  if (changed.length > 0) throw new AppError('FORBIDDEN', `You may not change ${changed.join(', ')}`);
  const keys = [...locked, ...UPLOAD_SET_INSTALLATION_ATTRIBUTES];
  const kept = Object.fromEntries(keys.filter((key) => stored[key] !== undefined).map((key) => [key, stored[key]]));
  return { ...sent, ...kept };
}
