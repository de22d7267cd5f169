// What the shell's search box needs, without zod: the box is on every screen.

export const SEARCH_TYPES = ['area', 'installation', 'rope', 'document', 'project'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** The web waits this long after the last key before it asks. */
export const SEARCH_FILTER_DELAY_MS = 50;
export const SEARCH_FILTER_MAX = 100;
