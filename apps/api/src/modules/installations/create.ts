import { installations } from '@rope/db/schema/index';
import { nextFreeName } from '@rope/domain/hierarchy/schemas';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findArea } from '../areas/index.ts';
import { nextOrdering } from '../hierarchy/index.ts';
import { toInstallationView } from './view.ts';

/** A new installation goes last; without a name it is "Installation N", N the next free number in the area. */
export async function createInstallation({ ctx, actor, input }: ActionArgs<{ areaId: number; name?: string }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { area } = await findArea(ctx, actor, input.areaId);
  assertWritable([area]);
  const installation = await ctx.db.transaction(async (tx) => {
    const siblings = await tx
      .select({ name: installations.name })
      .from(installations)
      .where(eq(installations.areaId, area.id));
    const [{ ordering } = { ordering: 0 }] = await tx
      .select({ ordering: nextOrdering(installations.ordering) })
      .from(installations)
      .where(eq(installations.areaId, area.id));
    const [row] = await tx
      .insert(installations)
      .values({
        areaId: area.id,
        name:
          input.name ||
          nextFreeName(
            'Installation',
            siblings.map((sibling) => sibling.name),
          ),
        ordering,
      })
      .returning();
    return toInstallationView(row!);
  });
  return { installation };
}
