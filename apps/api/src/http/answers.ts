import { z } from 'zod';

/**
 * For answers built field by field from typed rows, or written as bytes: JSON without the schema's encoding pass,
 * which for large answers costs more than the query. The schema still documents the answer (OpenAPI).
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

const bytes = z.string().meta({ format: 'binary' });

/** A file as the answer, in one of `types` (a media range such as `image/*` where the file decides). */
export const fileAnswer = (types: string[], description: string) => ({
  200: { description, content: Object.fromEntries(types.map((type) => [type, { schema: bytes }])) },
});

/** A redirect the browser follows (a sign-in link, single sign-on). */
export const redirectAnswer = (description: string) => ({ 302: z.null().describe(description) });

/** Server-Sent Events: the stream stays open, each event a `event:` and `data:` block. */
export const eventStreamAnswer = (description: string) => ({
  200: { description, content: { 'text/event-stream': { schema: z.string() } } },
});
