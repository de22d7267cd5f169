import { areas, installations, projects, users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import type { ProjectView } from '@rope/domain/projects/views';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectVisibleTo } from '../../tenancy/projects.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';
import { shownEmail } from '../users/index.ts';

/** Projects the viewer sees, with their manager (the cockpit user when linked) and the viewer's matching installations. */
export async function loadProjects(ctx: AppContext, viewer: Actor, where?: SQL): Promise<ProjectView[]> {
  const rows = await ctx.db
    .select({
      project: projects,
      user: {
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        email: shownEmail(),
        phone: users.phone,
        pictureUri: users.pictureUri,
      },
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.projectManagerUserId))
    .where(and(projectVisibleTo(viewer), where))
    .orderBy(asc(projects.installationNumber));
  const numbers = rows.map((row) => row.project.installationNumber);
  const number = sql<string>`${installations.attributes} ->> 'installationNumberFatzer'`;
  const matches = numbers.length
    ? await ctx.db
        .select({ number, id: installations.id, areaId: installations.areaId, name: installations.name })
        .from(installations)
        .innerJoin(areas, eq(areas.id, installations.areaId))
        .where(and(inArray(number, numbers), isNotNull(number), areaVisibleTo(viewer)))
        .orderBy(asc(installations.name))
    : [];
  return rows.map(({ project, user }) => ({
    id: project.id,
    installationNumber: project.installationNumber,
    description: project.description,
    country: project.country,
    facilityType: project.facilityType,
    facilityConstructorBranch: project.facilityConstructorBranch,
    facilityNumber: project.facilityNumber,
    projectManager: {
      name:
        project.projectManagerName ?? (user ? `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim() || null : null),
      email: project.projectManagerEmail ?? user?.email ?? null,
      phone: project.projectManagerPhone ?? user?.phone ?? null,
      pictureId: user?.pictureUri ? user.id : null,
    },
    installations: matches
      .filter((match) => match.number === project.installationNumber)
      .map(({ id, areaId, name }) => ({ id, areaId, name })),
  }));
}
