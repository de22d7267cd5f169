import { installations } from '@rope/db/schema/index';
import { nextFreeName } from '@rope/domain/hierarchy';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { nextOrdering } from '../hierarchy/reorder.ts';
import { toInstallationView } from './view.ts';

/** A new installation goes last; without a name it is "Installation N", N the next free number in the area. */
export async function createInstallation({ ctx, areaId, name }: { ctx: AppContext; areaId: number; name?: string }) {
  return ctx.db.transaction(async (tx) => {
    const siblings = await tx
      .select({ name: installations.name })
      .from(installations)
      .where(eq(installations.areaId, areaId));
    const [{ ordering } = { ordering: 0 }] = await tx
      .select({ ordering: nextOrdering(installations.ordering) })
      .from(installations)
      .where(eq(installations.areaId, areaId));
    const [row] = await tx
      .insert(installations)
      .values({
        areaId,
        name:
          name ||
          nextFreeName(
            'Installation',
            siblings.map((sibling) => sibling.name),
          ),
        ordering,
      })
      .returning();
    return toInstallationView(row!);
  });
}
