import { areas, installations, projects } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';

export const PROJECT_NOT_FOUND = message('app.errors.noSuchProject');

/** The installations carrying a project's number that the viewer sees (the number is `installationNumberFatzer`). */
export function matchingInstallations(viewer: Actor, installationNumber: SQL | string): SQL {
  return sql`exists (select 1 from ${installations} join ${areas} on ${areas.id} = ${installations.areaId}
    where ${installations.attributes} ->> 'installationNumberFatzer' = ${installationNumber} and ${areaVisibleTo(viewer)})`;
}

/** A project is seen through an installation of the same number; those who see every mandator see every project. */
export function projectVisibleTo(viewer: Actor): SQL {
  if (visibleMandators(viewer) === 'all') return sql`true`;
  return matchingInstallations(viewer, sql`${projects.installationNumber}`);
}

/** Fetch-or-404 by id or by installation number: an invisible project answers exactly like a missing one. */
export async function findProject(ctx: AppContext, viewer: Actor, by: { id: number } | { installationNumber: string }) {
  const key = 'id' in by ? eq(projects.id, by.id) : eq(projects.installationNumber, by.installationNumber);
  const [row] = await ctx.db
    .select()
    .from(projects)
    .where(and(key, projectVisibleTo(viewer)));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}
