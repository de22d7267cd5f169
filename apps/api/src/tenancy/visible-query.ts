import { areas } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { sql } from 'drizzle-orm';
import { idsParam } from '../infra/prepared.ts';

/**
 * Visibility as placeholders, so hot reads can be prepared once: `all` for those who see every mandator, else the
 * list of the viewer's mandators.
 */
export const visibleAreaPlaceholder = sql`(${sql.placeholder('all')}::boolean or ${areas.mandatorId} = any(${sql.placeholder('mandatorIds')}::int[]))`;

export function visibilityParams(viewer: Actor): { all: boolean; mandatorIds: string } {
  const visible = visibleMandators(viewer);
  return { all: visible === 'all', mandatorIds: idsParam(visible === 'all' ? [] : visible) };
}
