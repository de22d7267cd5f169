import { installations, ropes } from '@rope/db/schema/index';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ropeDamageAggregate } from '../hierarchy/damage-summary.ts';
import { toInstallationView } from './view.ts';

export async function listInstallations({
  ctx,
  areaId,
  archived,
}: {
  ctx: AppContext;
  areaId: number;
  archived: boolean;
}) {
  const rows = await ctx.db
    .select({ installation: installations, ropeDamages: ropeDamageAggregate })
    .from(installations)
    .leftJoin(ropes, and(eq(ropes.installationId, installations.id), eq(ropes.isDeleted, false)))
    .where(and(eq(installations.areaId, areaId), eq(installations.isDeleted, archived)))
    .groupBy(installations.id)
    .orderBy(asc(installations.ordering), asc(installations.id));
  return rows.map((row) => toInstallationView(row.installation, row.ropeDamages));
}
