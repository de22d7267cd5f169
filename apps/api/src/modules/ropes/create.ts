import { ropes } from '@rope/db/schema/index';
import { nextFreeName } from '@rope/domain/hierarchy';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { recomputeRopeDamages } from '../events/recompute.ts';
import { nextOrdering } from '../hierarchy/reorder.ts';
import { toRopeView } from './view.ts';

/**
 * A new rope goes last; without a name it is "Rope N", N the next free number in the installation. Its damage is
 * assessed at once: unknown until its settings name what its rule set needs (DOMAIN.md 4).
 */
export async function createRope({
  ctx,
  installationId,
  name,
}: {
  ctx: AppContext;
  installationId: number;
  name?: string;
}) {
  return ctx.db.transaction(async (tx) => {
    const siblings = await tx.select({ name: ropes.name }).from(ropes).where(eq(ropes.installationId, installationId));
    const [{ ordering } = { ordering: 0 }] = await tx
      .select({ ordering: nextOrdering(ropes.ordering) })
      .from(ropes)
      .where(eq(ropes.installationId, installationId));
    const [row] = await tx
      .insert(ropes)
      .values({
        installationId,
        name:
          name ||
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
}
