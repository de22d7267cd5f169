import { z } from 'zod';
import { SEARCH_MATCHES, SEARCH_TYPES } from './schemas.ts';

export const searchEntrySchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.number(),
  name: z.string(),
  /** The screen it opens in: areas, documents (projects) or general-documents. */
  section: z.enum(['areas', 'documents', 'general-documents']),
  /** Where it is: `Area › Installation` for a rope, the owner of a document. */
  context: z.string(),
  /** The web route that shows it. */
  url: z.string(),
  match: z.enum(SEARCH_MATCHES),
});
export type SearchEntry = z.infer<typeof searchEntrySchema>;

export const searchAnswerSchema = z.object({ results: z.array(searchEntrySchema) });
