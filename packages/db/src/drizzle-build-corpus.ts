import type * as orm from 'drizzle-orm';
import type * as pg from 'drizzle-orm/pg-core';
import type * as postgresJs from 'drizzle-orm/postgres-js';

/** What a copy of drizzle-orm offers the corpus: the patched one the cockpit runs, or another for comparison. */
export interface DrizzleModules {
  orm: typeof orm;
  pg: typeof pg;
  postgresJs: typeof postgresJs;
}

export interface BuiltQuery {
  sql: string;
  params: unknown[];
  typings?: unknown[];
}

/**
 * Queries of every shape the cockpit builds (selects with joins, aliases, subqueries and CTEs, inserts of JSON,
 * updates, deletes, raw and inlined SQL, arrays, placeholders, enums, the locking clause, index columns), as text,
 * parameters and typings: what patches/drizzle-orm@0.45.4.patch must leave exactly as drizzle built it.
 */
export function buildCorpus({ orm: o, pg: p, postgresJs: driver }: DrizzleModules): Record<string, BuiltQuery> {
  const { sql, eq, and, or, inArray, desc, asc, isNull, gt, count } = o;
  const status = p.pgEnum('corpus_status', ['open', 'done']);
  const areas = p.pgTable('areas', {
    id: p.serial().primaryKey(),
    mandatorId: p.integer().notNull(),
    name: p.text().notNull(),
    mapBaseLayers: p.jsonb().$type<string[]>().notNull().default([]),
  });
  const ropes = p.pgTable('ropes', {
    id: p.serial().primaryKey(),
    areaId: p.integer().notNull(),
    name: p.text('rope_title').notNull(),
    attributes: p.jsonb().$type<Record<string, unknown>>().notNull(),
    status: status().notNull().default('open'),
    createdAt: p.timestamp({ withTimezone: true }).notNull().defaultNow(),
    weird: p.text('with"quote'),
  });
  const other = p.pgSchema('archive').table('old_ropes', { id: p.integer().primaryKey(), ropeName: p.text() });
  const db = driver.drizzle.mock({ casing: 'snake_case' });
  const dialect = new p.PgDialect({ casing: 'snake_case' });
  const parent = p.alias(areas, 'parent');
  const when = new Date(Date.UTC(2026, 11, 7, 8, 30));
  const recent = db.$with('recent').as(db.select({ id: ropes.id }).from(ropes).where(gt(ropes.createdAt, when)));
  const counted = db
    .select({ areaId: ropes.areaId, ropeCount: count().as('rope_count') })
    .from(ropes)
    .groupBy(ropes.areaId)
    .as('counted');
  const built: Record<string, { toSQL(): BuiltQuery }> = {
    'select all of one table': db.select().from(ropes).where(eq(ropes.id, 35)),
    'select of three tables joined': db
      .select()
      .from(ropes)
      .innerJoin(areas, eq(areas.id, ropes.areaId))
      .leftJoin(parent, eq(parent.id, areas.mandatorId))
      .where(and(eq(ropes.id, 35), inArray(areas.mandatorId, [1, 2]), isNull(ropes.weird))),
    'select of fields, SQL and aliases': db
      .select({
        id: ropes.id,
        title: ropes.name,
        upper: sql<string>`upper(${ropes.name})`.as('upper_title'),
        nested: { area: areas.name, layers: areas.mapBaseLayers },
        raw: sql`${ropes.attributes}->>'diameter'`,
      })
      .from(ropes)
      .innerJoin(areas, eq(areas.id, ropes.areaId))
      .where(or(eq(ropes.status, 'open'), gt(ropes.createdAt, when)))
      .orderBy(desc(ropes.createdAt), asc(ropes.id))
      .limit(25)
      .offset(50),
    'select with a CTE and a subquery': db
      .with(recent)
      .select({ id: ropes.id, ropeCount: counted.ropeCount })
      .from(ropes)
      .innerJoin(counted, eq(counted.areaId, ropes.areaId))
      .where(inArray(ropes.id, db.select({ id: recent.id }).from(recent))),
    'select for update of a table': db
      .select({ id: ropes.id })
      .from(ropes)
      .where(eq(ropes.id, 7))
      .for('update', { of: ropes }),
    'select distinct on': db.selectDistinctOn([ropes.areaId], { areaId: ropes.areaId, id: ropes.id }).from(ropes),
    'select from another schema': db.select().from(other).where(eq(other.ropeName, 'x')),
    'select with a placeholder': db
      .select({ id: ropes.id })
      .from(ropes)
      .where(eq(ropes.id, sql.placeholder('id'))),
    'insert of JSON, returning': db
      .insert(ropes)
      .values([
        { areaId: 1, name: 'Zugseil', attributes: { diameter: 40, note: "it's" } },
        { areaId: 2, name: 'Tragseil', attributes: {}, status: 'done', createdAt: when },
      ])
      .onConflictDoUpdate({ target: ropes.id, set: { name: sql`excluded.rope_title` } })
      .returning({ id: ropes.id }),
    'update with SQL': db
      .update(ropes)
      .set({ name: 'neu', attributes: sql`${ropes.attributes} || ${JSON.stringify({ a: 1 })}::jsonb`, weird: null })
      .where(and(eq(ropes.id, 3), sql`${ropes.areaId} = any(${[1, 2, 3]})`)),
    'delete returning': db.delete(ropes).where(eq(ropes.areaId, 9)).returning(),
    'raw, identifier, join and an empty SQL': {
      toSQL: () =>
        dialect.sqlToQuery(
          sql`select ${sql.identifier('a"b')} from ${ropes} where ${sql.join([sql`1`, sql`${2}`, sql.empty()], sql` and `)} ${sql.raw('limit 1')} ${undefined}${null}`,
        ),
    },
    'inlined parameters': {
      toSQL: () => dialect.sqlToQuery(sql`select ${"it's"}, ${3}, ${true}, ${{ a: 1 }}, ${null}`.inlineParams()),
    },
    'an array of values and an enum': {
      toSQL: () => dialect.sqlToQuery(sql`select ${[1, sql`two`, ropes.id]}::int[], ${status}`),
    },
    'index columns': { toSQL: () => dialect.sqlToQuery(sql`${ropes.name}, ${ropes.areaId}`, 'indexes') },
  };
  return Object.fromEntries(Object.entries(built).map(([name, query]) => [name, normalise(query.toSQL())]));
}

/** Dates and placeholders as JSON text, so that a fixture holds them. */
function normalise(query: BuiltQuery): BuiltQuery {
  return JSON.parse(JSON.stringify(query)) as BuiltQuery;
}
