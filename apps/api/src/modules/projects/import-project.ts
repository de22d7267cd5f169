import { projects, users } from '@rope/db/schema/index';
import { INTERNAL_ROLES } from '@rope/domain/access/permissions';
import type { HabelProjectBody } from '@rope/domain/projects/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertImportableNumber } from '../../tenancy/projects.ts';
import type { ActionArgs } from '../action-args.ts';

/** The staff a project's manager may be linked to: internal people, whom every mandator's projects show anyway. */
const internalStaff = sql`${users.roles} && array[${sql.join(
  INTERNAL_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}]::text[]`;

/**
 * PUT of a project of the external system, keyed by its installation number: created the first time, replaced
 * after, so sending the same project twice changes nothing. An importer bound to mandators writes only the numbers
 * of its own installations; any other answers 404 as a missing project (`assertImportableNumber`). The manager is linked
 * to the internal cockpit user (admin or project manager) of that email, never to a person of a mandator.
 */
export async function importProject({
  ctx,
  actor,
  input,
}: ActionArgs<{ installationNumber: string; project: HabelProjectBody }>) {
  assertCan(actor, 'DATA_IMPORT');
  const { project, installationNumber } = input;
  await assertImportableNumber(ctx, actor, installationNumber);
  const manager = project.projectManager ?? null;
  const [linked] = manager?.email
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, manager.email.toLowerCase()), internalStaff))
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
