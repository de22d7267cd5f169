/** The one tenancy rule of projects: who sees a project and which installation numbers an import may write. */
import { queryRows } from '@rope/db/client';
import { areas, installations, projects } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/app-error.ts';
import { areaVisibleTo } from './scope.ts';

export const PROJECT_NOT_FOUND = message('app.errors.noSuchProject');

/** The installations carrying a project's number that the viewer sees (the number is `installationNumberFatzer`). */
export function matchingInstallations(viewer: Actor, installationNumber: SQL | string): SQL {
  return sql`exists (select 1 from ${installations} join ${areas} on ${areas.id} = ${installations.areaId}
    where ${installations.attributes} ->> 'installationNumberFatzer' = ${installationNumber} and ${areaVisibleTo(viewer)})`;
}

/**
 * The one tenancy rule of projects: an installation number belongs to the mandators of the installations carrying it,
 * so the viewer has it when an installation they see carries it; those who see every mandator have every number.
 * It decides which projects a viewer reads (`projectVisibleTo`) and which numbers an import writes
 * (`assertImportableNumber`), whether or not a project with the number exists yet.
 */
export function numberVisibleTo(viewer: Actor, installationNumber: SQL | string): SQL {
  if (visibleMandators(viewer) === 'all') return sql`true`;
  return matchingInstallations(viewer, installationNumber);
}

/** A project is seen through an installation of the same number; those who see every mandator see every project. */
export function projectVisibleTo(viewer: Actor): SQL {
  return numberVisibleTo(viewer, sql`${projects.installationNumber}`);
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

/**
 * The scope of a project import: the number must be the importer's (`numberVisibleTo`), whether a project with it
 * exists yet or not. A number of another mandator, and one that no installation of the importer's mandators carries,
 * answer exactly like a missing project (404), so an import key can neither write nor probe another mandator's
 * projects; those who see every mandator may create any.
 */
export async function assertImportableNumber(ctx: AppContext, importer: Actor, installationNumber: string) {
  const [scope] = await queryRows<{ mine: boolean }>(
    ctx.db,
    sql`select ${numberVisibleTo(importer, installationNumber)} as mine`,
  );
  if (!scope?.mine) throw notFound(PROJECT_NOT_FOUND);
}
