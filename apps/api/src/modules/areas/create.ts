import { areas, mandators, userMandators } from '@rope/db/schema/index';
import type { areaCreateSchema } from '@rope/domain/hierarchy';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';

type AreaCreate = z.infer<typeof areaCreateSchema>;

export async function assertAreaReferences(
  ctx: AppContext,
  mandatorId: number,
  adminUserId: number | null | undefined,
) {
  const [mandator] = await ctx.db.select({ id: mandators.id }).from(mandators).where(eq(mandators.id, mandatorId));
  if (!mandator) throw new AppError('VALIDATION', 'No such mandator', { mandatorId: 'No such mandator' });
  if (adminUserId) {
    const [member] = await ctx.db
      .select({ userId: userMandators.userId })
      .from(userMandators)
      .where(and(eq(userMandators.userId, adminUserId), eq(userMandators.mandatorId, mandatorId)));
    if (!member) {
      throw new AppError('VALIDATION', 'The client user must belong to the mandator', {
        adminUserId: 'The client user must belong to the mandator',
      });
    }
  }
}

export async function createArea({ ctx, input }: { ctx: AppContext; input: AreaCreate }) {
  await assertAreaReferences(ctx, input.mandatorId, input.adminUserId);
  const [area] = await ctx.db
    .insert(areas)
    .values({
      name: input.name,
      mandatorId: input.mandatorId,
      adminUserId: input.adminUserId ?? null,
      isMap: input.isMap ?? true,
      mapZoom: input.mapZoom ?? 13,
      mapBaseLayers: input.mapBaseLayers ?? [],
      mapDefaultBaseLayer: input.mapDefaultBaseLayer ?? 'openStreetMap',
      lat: input.latlng?.[0] ?? null,
      lng: input.latlng?.[1] ?? null,
    })
    .returning({ id: areas.id });
  return area!;
}
