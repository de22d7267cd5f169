import { areas, documents, installations, projects, ropeEvents, ropes } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { type SQL, sql } from 'drizzle-orm';
import { projectVisibleTo } from '../../tenancy/projects.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';

/**
 * The SQL condition "the viewer sees this document": general documents everyone with the document permission sees;
 * the others through their area's mandator, or through their project.
 */
export function documentVisibleTo(viewer: Actor): SQL {
  if (visibleMandators(viewer) === 'all') return sql`true`;
  const area = areaVisibleTo(viewer);
  const id = documents.targetId;
  return sql`(case ${documents.targetType}
    when 'folder' then true
    when 'area' then exists (select 1 from ${areas} where ${areas.id} = ${id} and ${area})
    when 'installation' then exists (select 1 from ${installations} join ${areas} on ${areas.id} = ${installations.areaId}
      where ${installations.id} = ${id} and ${area})
    when 'rope' then exists (select 1 from ${ropes} join ${installations} on ${installations.id} = ${ropes.installationId}
      join ${areas} on ${areas.id} = ${installations.areaId} where ${ropes.id} = ${id} and ${area})
    when 'event' then exists (select 1 from ${ropeEvents} join ${ropes} on ${ropes.id} = ${ropeEvents.ropeId}
      join ${installations} on ${installations.id} = ${ropes.installationId}
      join ${areas} on ${areas.id} = ${installations.areaId} where ${ropeEvents.id} = ${id} and ${area})
    when 'project' then exists (select 1 from ${projects} where ${projects.id} = ${id} and ${projectVisibleTo(viewer)})
    else false end)`;
}
