import { z } from 'zod';

import { SEARCH_FILTER_MAX } from './kinds.ts';

export { SEARCH_FILTER_DELAY_MS, SEARCH_FILTER_MAX, SEARCH_TYPES, type SearchType } from './kinds.ts';
/** Results per type and in all. */
export const SEARCH_LIMIT_PER_TYPE = 20;
export const SEARCH_LIMIT = 50;
/** How close a word must be to count as a typo of the filter (pg_trgm word similarity, 0..1). */
export const SEARCH_TYPO_SIMILARITY = 0.45;

/** How well a name matches, best first: the same text, a prefix of it, a prefix of one of its words, a typo. */
export const SEARCH_MATCHES = ['exact', 'prefix', 'word', 'fuzzy'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const searchQuerySchema = z.object({ filter: z.string().max(SEARCH_FILTER_MAX).default('') });

/** The words of a filter as the database folds names: lower case, letters and digits; accents are folded there. */
export function searchWords(filter: string): string[] {
  return filter
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}
