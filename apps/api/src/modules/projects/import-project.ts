import { projects, users } from '@rope/db/schema/index';
import type { HabelProjectBody } from '@rope/domain/documents/projects';
import { eq, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';

/**
 * PUT of a project of the external system, keyed by its installation number: created the first time, replaced
 * after, so sending the same project twice changes nothing. The manager is linked to the cockpit user of that email.
 */
export async function importProject({
  ctx,
  actor,
  input,
}: ActionArgs<{ installationNumber: string; project: HabelProjectBody }>) {
  assertCan(actor, 'DATA_IMPORT');
  const { project, installationNumber } = input;
  const manager = project.projectManager ?? null;
  const [linked] = manager?.email
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, manager.email.toLowerCase()))
    : [];
  const values = {
    description: project.description,
    country: project.country ?? null,
    facilityType: project.facilityType ?? null,
    facilityConstructorBranch: project.facilityConstructorBranch ?? null,
    facilityNumber: project.facilityNumber ?? null,
    projectManagerName: manager?.name ?? null,
    projectManagerEmail: manager?.email ?? null,
    projectManagerPhone: manager?.phone ?? null,
    projectManagerUserId: linked?.id ?? null,
  };
  const [row] = await ctx.db
    .insert(projects)
    .values({ installationNumber, ...values })
    .onConflictDoUpdate({ target: projects.installationNumber, set: { ...values, updatedAt: new Date() } })
    .returning({ id: projects.id, createdAt: projects.createdAt, updatedAt: projects.updatedAt });
  return { project: { id: row!.id, installationNumber } };
}
