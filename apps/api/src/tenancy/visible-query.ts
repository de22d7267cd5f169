import { areas } from '@rope/db/schema/index';
import { type Actor, visibleMandators } from '@rope/domain/access/actor';
import { sql } from 'drizzle-orm';

/**
 * Visibility as placeholders, so hot reads can be prepared once: `all` for those who see every mandator, else the
 * list of the viewer's mandators.
 */
export const visibleAreaPlaceholder = sql`(${sql.placeholder('all')}::boolean or ${areas.mandatorId} = any(${sql.placeholder('mandatorIds')}::int[]))`;

export function visibilityParams(viewer: Actor): { all: boolean; mandatorIds: string } {
  const visible = visibleMandators(viewer);
  // Sent as an array literal: both drivers pass a string parameter through unchanged.
  return { all: visible === 'all', mandatorIds: `{${visible === 'all' ? '' : visible.join(',')}}` };
}
