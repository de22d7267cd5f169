import { ropes } from '@rope/db/schema/index';
import { nextFreeName } from '@rope/domain/hierarchy/schemas';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { recomputeRopeDamages } from '../damage/index.ts';
import { nextOrdering } from '../hierarchy/index.ts';
import { findInstallation } from '../installations/index.ts';
import { toRopeView } from './view.ts';

/**
 * A new rope goes last; without a name it is "Rope N", N the next free number in the installation. Its damage is
 * assessed at once: unknown until its settings name every input its rule set needs.
 */
export async function createRope({ ctx, actor, input }: ActionArgs<{ installationId: number; name?: string }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { installation, area } = await findInstallation(ctx, actor, input.installationId);
  assertWritable([installation, area]);
  const rope = await ctx.db.transaction(async (tx) => {
    const siblings = await tx.select({ name: ropes.name }).from(ropes).where(eq(ropes.installationId, installation.id));
    const [{ ordering } = { ordering: 0 }] = await tx
      .select({ ordering: nextOrdering(ropes.ordering) })
      .from(ropes)
      .where(eq(ropes.installationId, installation.id));
    const [row] = await tx
      .insert(ropes)
      .values({
        installationId: installation.id,
        name:
          input.name ||
          nextFreeName(
            'Rope',
            siblings.map((sibling) => sibling.name),
          ),
        ordering,
      })
      .returning();
    await recomputeRopeDamages(tx, row!.id);
    const [assessed] = await tx.select().from(ropes).where(eq(ropes.id, row!.id));
    return toRopeView(assessed!);
  });
  return { rope };
}
