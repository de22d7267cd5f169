import { type Actor, can } from '@rope/domain/access/actor';
import { SEARCH_LIMIT_PER_TYPE, type SearchMatch, type SearchType } from '@rope/domain/search/schemas';
import { type SQL, sql } from 'drizzle-orm';
import { joinPlacementSql, type PlacementNames } from '../../tenancy/placement.ts';
import { projectVisibleTo } from '../../tenancy/projects.ts';
import { areaVisibleTo } from '../../tenancy/scope.ts';
import { documentVisibleTo } from '../documents/index.ts';

// The visibility (areaVisibleTo) names the tables themselves, so the ropes' tier keeps their own names.
const TABLE_NAMES: PlacementNames = { rope: 'ropes', installation: 'installations', area: 'areas' };

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
 * A type's matches in three index-served tiers, each cut at the type's limit before anything is ranked, so a filter
 * that matches a tenth of 100,000 documents still reads a few dozen rows:
 * - whole name from its start (exact first): a C-collation btree on the folded name serves the range and the order;
 * - a prefix of any word: the full-text index;
 * - a typo: the trigram index (`<%`, word similarity above the threshold).
 * A tier does not exclude the rows of a better one (that would make it read every row the better tier matched,
 * thousands for a common word, to find none); the search keeps each name once, at its best match.
 */
function tiers(column: SQL, terms: SearchTerms, columns: (match: SQL, score: SQL) => SQL, visible: SQL): SQL[] {
  const folded = sql`rope_search_text(${column})`;
  const ordered = sql`(${folded} collate "C")`;
  const query = sql`rope_search_text(${terms.text})`;
  const startsWith = sql`${ordered} like rope_search_text(${terms.prefix})`;
  const words = terms.words
    ? sql`to_tsvector('simple', ${folded}) @@ to_tsquery('simple', rope_search_text(${terms.words}))`
    : sql`false`;
  const score = sql`word_similarity(${query}, ${folded})`;
  const limit = SEARCH_LIMIT_PER_TYPE;
  return [
    sql`${columns(sql`case when ${folded} = ${query} then 'exact' else 'prefix' end`, score)}
      and ${startsWith} and ${visible} order by ${ordered} limit ${limit}`,
    sql`${columns(sql`'word'`, score)} and ${words} and ${visible} limit ${limit}`,
    sql`${columns(sql`'fuzzy'`, score)} and ${query} <% ${folded} and ${visible} limit ${limit}`,
  ];
}

const nulls = sql`null::int as area_id, null::text as area_name, null::int as installation_id, null::text as installation_name,
  null::int as rope_id, null::text as rope_name, null::int as event_id, null::text as target_type, null::int as target_id,
  null::text as folder_name, null::text as project_number`;

export function searchQueries(viewer: Actor, terms: SearchTerms): SQL[] {
  const queries: SQL[] = [];
  if (can(viewer, 'DOMAIN_READ')) {
    const visible = areaVisibleTo(viewer);
    queries.push(
      ...tiers(
        sql`areas.name`,
        terms,
        (match, score) => sql`select 'area' as type, areas.id, areas.name, ${match} as match, ${score} as score,
          areas.id as area_id, areas.name as area_name, null::int as installation_id, null::text as installation_name,
          null::int as rope_id, null::text as rope_name, null::int as event_id, null::text as target_type,
          null::int as target_id, null::text as folder_name, null::text as project_number
          from areas where true`,
        visible,
      ),
      ...tiers(
        sql`installations.name`,
        terms,
        (match, score) => sql`select 'installation' as type, installations.id, installations.name, ${match} as match,
          ${score} as score, areas.id as area_id, areas.name as area_name, installations.id as installation_id,
          installations.name as installation_name, null::int as rope_id, null::text as rope_name, null::int as event_id,
          null::text as target_type, null::int as target_id, null::text as folder_name, null::text as project_number
          from installations join areas on areas.id = installations.area_id where true`,
        visible,
      ),
      ...tiers(
        sql`ropes.name`,
        terms,
        (match, score) => sql`select 'rope' as type, ropes.id, ropes.name, ${match} as match, ${score} as score,
          areas.id as area_id, areas.name as area_name, installations.id as installation_id,
          installations.name as installation_name, ropes.id as rope_id, ropes.name as rope_name, null::int as event_id,
          null::text as target_type, null::int as target_id, null::text as folder_name, null::text as project_number
          from ropes ${joinPlacementSql(TABLE_NAMES)} where true`,
        visible,
      ),
    );
  }
  if (can(viewer, 'DOCUMENT')) {
    // The visibility names the tables themselves in its subqueries, so the joins for the context use aliases.
    queries.push(
      ...tiers(
        sql`documents.name`,
        terms,
        (match, score) => sql`select 'document' as type, documents.id, documents.name, ${match} as match,
          ${score} as score, a.id as area_id, a.name as area_name, i.id as installation_id, i.name as installation_name,
          r.id as rope_id, r.name as rope_name, e.id as event_id, documents.target_type, documents.target_id,
          f.name as folder_name, p.installation_number as project_number
          from documents
          left join folders f on documents.target_type = 'folder' and f.id = documents.target_id
          left join projects p on documents.target_type = 'project' and p.id = documents.target_id
          left join rope_events e on documents.target_type = 'event' and e.id = documents.target_id
          left join ropes r on r.id = case documents.target_type when 'rope' then documents.target_id when 'event' then e.rope_id end
          left join installations i on i.id = case documents.target_type when 'installation' then documents.target_id else r.installation_id end
          left join areas a on a.id = case documents.target_type when 'area' then documents.target_id else i.area_id end
          where true`,
        documentVisibleTo(viewer),
      ),
      ...tiers(
        sql`projects.installation_number || ' ' || projects.description`,
        terms,
        (match, score) => sql`select 'project' as type, projects.id,
          projects.installation_number || ' ' || projects.description as name, ${match} as match, ${score} as score,
          ${nulls} from projects where true`,
        projectVisibleTo(viewer),
      ),
    );
  }
  return queries;
}
