import { installations, ropes } from '@rope/db/schema/index';
import { type Actor, can } from '@rope/domain/access/actor';
import {
  type InstallationPatch,
  type InstallationUpdate,
  installationMergedSchema,
  lockedInstallationAttributes,
  UPLOAD_SET_INSTALLATION_ATTRIBUTES,
} from '@rope/domain/hierarchy/schemas';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import { forbidden } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable, type InstallationRow } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { refreshRopeDamage } from '../damage/index.ts';
import { findInstallation } from './internal.ts';
import { toInstallationView } from './view.ts';

/** Any part of the installation as GET answers it; attributes merge key by key. */
export async function updateInstallation({
  ctx,
  actor,
  input: sent,
}: ActionArgs<{ id: number; patch: InstallationPatch }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { installation, area } = await findInstallation(ctx, actor, sent.id);
  const { id, name, attributes: storedAttributes, latlngs, isDeleted } = installation;
  const { value, changed } = applyPatch({
    entity: 'installation',
    current: { name, attributes: storedAttributes, latlngs, isDeleted },
    patch: sent.patch,
    schema: installationMergedSchema,
  });
  if (changed.length === 0) return { installation: toInstallationView(installation) };
  const input: InstallationUpdate = Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]]));
  const restoring = input.isDeleted === false && Object.keys(input).length === 1;
  assertWritable([installation, area], restoring);
  if (input.latlngs !== undefined && !can(actor, 'MAP_EDIT')) {
    throw forbidden(message('app.errors.placeInstallationAdminOnly'));
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
  return { installation: toInstallationView(row) };
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
  if (changed.length > 0) throw forbidden(message('app.errors.fieldsForbidden', { fields: changed.join(', ') }));
  const keys = [...locked, ...UPLOAD_SET_INSTALLATION_ATTRIBUTES];
  const kept = Object.fromEntries(keys.filter((key) => stored[key] !== undefined).map((key) => [key, stored[key]]));
  return { ...sent, ...kept };
}
