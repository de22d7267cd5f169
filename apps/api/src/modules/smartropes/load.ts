import type { Db } from '@rope/db/client';
import {
  areas,
  installations,
  ropes,
  smartropeEvents,
  smartropeMeasurements,
  smartropeSensors,
  smartropes,
} from '@rope/db/schema/index';
import type { SmartropeEventType } from '@rope/domain/smartropes/schemas';
import type { SmartropeEventView, SmartropeView } from '@rope/domain/smartropes/views';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../infra/prepared.ts';
import { joinMountPlacement } from '../../tenancy/placement.ts';

const seconds = (at: Date) => at.getTime() / 1000;

/** The smartropes of these ids as a read answers them, in the order of the ids. */
export async function loadSmartropes(db: Db, ids: readonly number[]): Promise<SmartropeView[]> {
  if (ids.length === 0) return [];
  const query = db
    .select({
      smartrope: smartropes,
      rope: { id: ropes.id, name: ropes.name },
      installation: { id: installations.id, name: installations.name },
      area: { id: areas.id, name: areas.name },
      lastEventAt: sql<
        string | null
      >`(select max(e.occurred_at) from smartrope_events e where e.smartrope_id = ${smartropes.id})`,
    })
    .from(smartropes)
    .$dynamic();
  const rows = await joinMountPlacement(query, smartropes.ropeId).where(inArray(smartropes.id, [...ids]));
  const sensorRows = await db
    .select()
    .from(smartropeSensors)
    .where(inArray(smartropeSensors.smartropeId, [...ids]))
    .orderBy(asc(smartropeSensors.id));
  const byId = new Map(
    rows.map(({ smartrope, rope, installation, area, lastEventAt }) => [
      smartrope.id,
      {
        id: smartrope.id,
        name: smartrope.name,
        uuid: smartrope.uuid,
        rope: rope && installation && area ? { ...rope, installation, area } : null,
        sensors: sensorRows
          .filter((s) => s.smartropeId === smartrope.id)
          .map((s) => ({ id: s.id, name: s.name, unit: s.unit })),
        createdAt: smartrope.createdAt.toISOString(),
        lastEventAt: lastEventAt === null ? null : seconds(new Date(lastEventAt)),
      } satisfies SmartropeView,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadSmartrope(db: Db, id: number): Promise<SmartropeView> {
  const [view] = await loadSmartropes(db, [id]);
  if (!view) throw new Error(`smartrope ${id} vanished`);
  return view;
}

/** Smartrope events matching `where`, newest first, with their peak and number of measurements. */
const selectEvents = (db: Db) =>
  db
    .select({
      event: smartropeEvents,
      smartrope: { id: smartropes.id, name: smartropes.name },
      peak: sql<
        number | null
      >`(select max(m.value) from ${smartropeMeasurements} m where m.event_id = ${smartropeEvents.id})`,
      measurementCount: sql<number>`(select count(*)::int from ${smartropeMeasurements} m where m.event_id = ${smartropeEvents.id})`,
    })
    .from(smartropeEvents)
    .innerJoin(smartropes, eq(smartropes.id, smartropeEvents.smartropeId))
    .$dynamic();

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['execute']>>[number];

const newestFirst = [sql`${smartropeEvents.occurredAt} desc`, sql`${smartropeEvents.id} desc`];

/** The rope page's read: the newest events of the smartropes on one rope. */
const ropeEventsQuery = preparedPerDatabase((db) =>
  selectEvents(db)
    .where(eq(smartropes.ropeId, sql.placeholder('ropeId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('rope_smartrope_events'),
);

export async function loadSmartropeEvents(db: Db, where: SQL, limit: number): Promise<SmartropeEventView[]> {
  return (
    await selectEvents(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
  ).map(toEventView);
}

/** The newest `limit` events of the smartropes on a rope (whose visibility the caller checked). */
export async function loadRopeSmartropeEvents(db: Db, ropeId: number, limit: number): Promise<SmartropeEventView[]> {
  return (await ropeEventsQuery(db).execute({ ropeId, limit })).map(toEventView);
}

function toEventView({ event, smartrope, peak, measurementCount }: EventRow): SmartropeEventView {
  return {
    id: event.id,
    smartrope,
    sensorName: event.sensorName,
    type: event.type as SmartropeEventType,
    unixTimestamp: seconds(event.occurredAt),
    attributes: event.attributes,
    peak: peak === null ? null : Number(peak),
    measurementCount: Number(measurementCount),
  };
}

export async function loadSmartropeEvent(db: Db, id: number): Promise<SmartropeEventView> {
  const [view] = await loadSmartropeEvents(db, eq(smartropeEvents.id, id), 1);
  if (!view) throw new Error(`smartrope event ${id} vanished`);
  return view;
}
