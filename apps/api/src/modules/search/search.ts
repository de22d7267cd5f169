import { type Db, queryRows } from '@rope/db/client';
import { prefixPattern } from '@rope/db/like';
import type { Actor } from '@rope/domain/access/actor';
import { SEARCH_LIMIT, SEARCH_MATCHES, SEARCH_TYPO_SIMILARITY, searchWords } from '@rope/domain/search/schemas';
import { type SQL, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { toSearchEntry } from './entry.ts';
import { type SearchRow, searchQueries } from './queries.ts';

/**
 * Areas, installations, ropes, documents and projects whose name matches the filter, among what the viewer (or the
 * user shown as) may see: exact and prefix matches before word prefixes before typos. An empty filter finds nothing.
 */
export async function search(args: ActionArgs<{ filter: string; showAsUser?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'GLOBAL_SEARCH');
  const viewer = await viewerFor(args, input.showAsUser);
  const statement = searchStatement(viewer, input.filter);
  if (!statement) return { results: [] };
  const rows = bestMatchOnly(await runSearchStatement(ctx.db, statement));
  rows.sort(
    (a, b) =>
      SEARCH_MATCHES.indexOf(a.match) - SEARCH_MATCHES.indexOf(b.match) ||
      Number(b.score) - Number(a.score) ||
      a.name.localeCompare(b.name),
  );
  return { results: rows.slice(0, SEARCH_LIMIT).map(toSearchEntry) };
}

/** The one query of a search: every type the viewer may see, each ranked and cut; undefined when nothing to ask. */
export function searchStatement(viewer: Actor, filter: string): SQL | undefined {
  const text = filter.trim();
  if (!text) return undefined;
  const words = searchWords(text);
  const terms = {
    text,
    prefix: prefixPattern(text),
    words: words.map((word) => `${word}:*`).join(' & '),
  };
  const queries = searchQueries(viewer, terms);
  if (queries.length === 0) return undefined;
  return sql.join(
    queries.map((query) => sql`(${query})`),
    sql` union all `,
  );
}

export function runSearchStatement(db: Db, statement: SQL): Promise<SearchRow[]> {
  return db.transaction(async (tx) => {
    // `<%` reads its threshold from this setting: one typo in a word of 5-8 letters stays above it.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_TYPO_SIMILARITY)}, true)`,
    );
    return queryRows<SearchRow>(tx, statement);
  });
}

/** Each found object once, at its best match: a name found as a prefix is also found by its words and as a typo. */
function bestMatchOnly(rows: SearchRow[]): SearchRow[] {
  const best = new Map<string, SearchRow>();
  for (const row of rows) {
    const key = `${row.type}:${row.id}`;
    const kept = best.get(key);
    if (!kept || SEARCH_MATCHES.indexOf(row.match) < SEARCH_MATCHES.indexOf(kept.match)) best.set(key, row);
  }
  return [...best.values()];
}
