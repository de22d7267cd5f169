import { type Actor, can } from '@rope/domain/permissions';
import { SEARCH_LIMIT_PER_TYPE, type SearchMatch, type SearchType } from '@rope/domain/search';
import { type SQL, sql } from 'drizzle-orm';
import { documentVisibleTo } from '../documents/visibility.ts';
import { areaVisibleTo } from '../hierarchy/scope.ts';
import { projectVisibleTo } from '../projects/internal.ts';

/** One filter as the queries use it: folded in SQL like the indexed names. */
export interface SearchTerms {
  /** The filter as typed (trimmed); rope_search_text folds it. */
  text: string;
  /** LIKE pattern of a name starting with the filter, wildcards escaped. */
  prefix: string;
  /** `word:* & word:*` for the full-text match of word prefixes; empty when the filter has no word. */
  words: string;
}

export interface SearchRow extends Record<string, unknown> {
  type: SearchType;
  id: number;
  name: string;
  match: SearchMatch;
  score: number;
  area_id: number | null;
  area_name: string | null;
  installation_id: number | null;
  installation_name: string | null;
  rope_id: number | null;
  rope_name: string | null;
  event_id: number | null;
  target_type: string | null;
  target_id: number | null;
  folder_name: string | null;
  project_number: string | null;
}

/**
 * The match of a folded column against the filter, indexable: a prefix of the whole name (trigram index serves
 * LIKE), a prefix of any word (full-text index), or a typo (trigram word similarity, `<%`).
 */
function matching(column: SQL, terms: SearchTerms) {
  const folded = sql`rope_search_text(${column})`;
  const query = sql`rope_search_text(${terms.text})`;
  const words = terms.words
    ? sql`to_tsvector('simple', ${folded}) @@ to_tsquery('simple', rope_search_text(${terms.words}))`
    : sql`false`;
  return {
    where: sql`(${folded} like rope_search_text(${terms.prefix}) or ${words} or ${query} <% ${folded})`,
    match: sql<SearchMatch>`case when ${folded} = ${query} then 'exact' when ${folded} like rope_search_text(${terms.prefix}) then 'prefix' when ${words} then 'word' else 'fuzzy' end`,
    score: sql<number>`word_similarity(${query}, ${folded})`,
  };
}

const nulls = sql`null::int as area_id, null::text as area_name, null::int as installation_id, null::text as installation_name,
  null::int as rope_id, null::text as rope_name, null::int as event_id, null::text as target_type, null::int as target_id,
  null::text as folder_name, null::text as project_number`;

function ranked(select: SQL): SQL {
  return sql`select * from (${select}) found
    order by case match when 'exact' then 0 when 'prefix' then 1 when 'word' then 2 else 3 end, score desc, name
    limit ${SEARCH_LIMIT_PER_TYPE}`;
}

export function searchQueries(viewer: Actor, terms: SearchTerms): SQL[] {
  const queries: SQL[] = [];
  if (can(viewer, 'DOMAIN_READ')) {
    const visible = areaVisibleTo(viewer);
    const a = matching(sql`areas.name`, terms);
    queries.push(
      ranked(
        sql`select 'area' as type, areas.id, areas.name, ${a.match} as match, ${a.score} as score,
          areas.id as area_id, areas.name as area_name, null::int as installation_id, null::text as installation_name,
          null::int as rope_id, null::text as rope_name, null::int as event_id, null::text as target_type,
          null::int as target_id, null::text as folder_name, null::text as project_number
          from areas where ${a.where} and ${visible}`,
      ),
    );
    const i = matching(sql`installations.name`, terms);
    queries.push(
      ranked(
        sql`select 'installation' as type, installations.id, installations.name, ${i.match} as match, ${i.score} as score,
          areas.id as area_id, areas.name as area_name, installations.id as installation_id,
          installations.name as installation_name, null::int as rope_id, null::text as rope_name, null::int as event_id,
          null::text as target_type, null::int as target_id, null::text as folder_name, null::text as project_number
          from installations join areas on areas.id = installations.area_id where ${i.where} and ${visible}`,
      ),
    );
    const r = matching(sql`ropes.name`, terms);
    queries.push(
      ranked(
        sql`select 'rope' as type, ropes.id, ropes.name, ${r.match} as match, ${r.score} as score,
          areas.id as area_id, areas.name as area_name, installations.id as installation_id,
          installations.name as installation_name, ropes.id as rope_id, ropes.name as rope_name, null::int as event_id,
          null::text as target_type, null::int as target_id, null::text as folder_name, null::text as project_number
          from ropes join installations on installations.id = ropes.installation_id
          join areas on areas.id = installations.area_id where ${r.where} and ${visible}`,
      ),
    );
  }
  if (can(viewer, 'DOCUMENT')) {
    const d = matching(sql`documents.name`, terms);
    // The visibility names the tables themselves in its subqueries, so the joins for the context use aliases.
    queries.push(
      ranked(
        sql`select 'document' as type, documents.id, documents.name, ${d.match} as match, ${d.score} as score,
          a.id as area_id, a.name as area_name, i.id as installation_id, i.name as installation_name,
          r.id as rope_id, r.name as rope_name, e.id as event_id, documents.target_type, documents.target_id,
          f.name as folder_name, p.installation_number as project_number
          from documents
          left join folders f on documents.target_type = 'folder' and f.id = documents.target_id
          left join projects p on documents.target_type = 'project' and p.id = documents.target_id
          left join rope_events e on documents.target_type = 'event' and e.id = documents.target_id
          left join ropes r on r.id = case documents.target_type when 'rope' then documents.target_id when 'event' then e.rope_id end
          left join installations i on i.id = case documents.target_type when 'installation' then documents.target_id else r.installation_id end
          left join areas a on a.id = case documents.target_type when 'area' then documents.target_id else i.area_id end
          where ${d.where} and ${documentVisibleTo(viewer)}`,
      ),
    );
    const p = matching(sql`projects.installation_number || ' ' || projects.description`, terms);
    queries.push(
      ranked(
        sql`select 'project' as type, projects.id, projects.installation_number || ' ' || projects.description as name,
          ${p.match} as match, ${p.score} as score, ${nulls}
          from projects where ${p.where} and ${projectVisibleTo(viewer)}`,
      ),
    );
  }
  return queries;
}
