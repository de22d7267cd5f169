import type { Db } from '@rope/db/client';
import { areas, documents, installations, ropes } from '@rope/db/schema/index';
import type { NotificationTrigger } from '@rope/domain/notifications/triggers';
import { eq } from 'drizzle-orm';
import { joinPlacement } from '../../tenancy/placement.ts';

const installationColumns = {
  id: installations.id,
  name: installations.name,
  isDeleted: installations.isDeleted,
  settings: installations.notificationSettings,
  status: installations.notificationStatus,
  areaId: areas.id,
  areaName: areas.name,
  areaDeleted: areas.isDeleted,
  mandatorId: areas.mandatorId,
};

/**
 * The installation (and rope) a trigger concerns, with settings and statuses. The rope row is locked, so the
 * evaluations of one rope run one after another and its rule states never race.
 */
export async function loadPlace(tx: Db, trigger: NotificationTrigger) {
  if (trigger.kind === 'document' && !trigger.ropeId) {
    const [installation] = await tx
      .select(installationColumns)
      .from(installations)
      .innerJoin(areas, eq(areas.id, installations.areaId))
      .where(eq(installations.id, trigger.installationId));
    return installation ? { installation, rope: null } : undefined;
  }
  const query = tx
    .select({
      installation: installationColumns,
      rope: {
        id: ropes.id,
        name: ropes.name,
        isDeleted: ropes.isDeleted,
        status: ropes.notificationStatus,
        damages: ropes.damages,
      },
    })
    .from(ropes)
    .$dynamic();
  const [row] = await joinPlacement(query).where(eq(ropes.id, trigger.ropeId!)).for('update', { of: ropes });
  return row;
}

export type Place = NonNullable<Awaited<ReturnType<typeof loadPlace>>>;

export async function documentName(tx: Db, id: number): Promise<string | null> {
  const [row] = await tx.select({ name: documents.name }).from(documents).where(eq(documents.id, id));
  return row?.name ?? null;
}
