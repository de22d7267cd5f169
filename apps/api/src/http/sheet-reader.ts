import { users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import type { SheetReader } from '@rope/domain/csv';
import { LANGUAGE_IDS, LANGUAGES, type Language, type LanguageId } from '@rope/domain/languages';
import { isKnownTimeZone } from '@rope/domain/locale-format';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.ts';

/** What a CSV download or upload may say about its reader; the web sends its session's language and time zone. */
export const sheetQuerySchema = z.object({
  language: z.enum(LANGUAGES).optional().describe("The Excel the file is for; default: the user's language"),
  // Shaped like an IANA name; one the platform does not know (a browser's alias) falls back to the default.
  timeZone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/)
    .optional()
    .describe("The IANA zone of its times where no installation gives one; default: the installation's"),
});
export type SheetQuery = z.infer<typeof sheetQuerySchema>;

/** The zone of the machine the cockpit runs on (TZ), the installation's time zone for everything not of a rope. */
export const INSTALLATION_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Whom a file is for: the asked language, else the user's own; the zone of the rope's installation where there is
 * one, else the asked zone, else the installation's (TZ).
 */
export async function sheetReader(
  ctx: AppContext,
  actor: Actor,
  query: SheetQuery,
  installationZone?: unknown,
): Promise<SheetReader> {
  let language: Language | undefined = query.language;
  if (!language) {
    const [user] = await ctx.db.select({ languageId: users.languageId }).from(users).where(eq(users.id, actor.userId));
    const index = LANGUAGE_IDS.indexOf((user?.languageId ?? 'ENU') as LanguageId);
    language = LANGUAGES[index] ?? 'en-US';
  }
  const zone =
    typeof installationZone === 'string' && installationZone && isKnownTimeZone(installationZone)
      ? installationZone
      : query.timeZone && isKnownTimeZone(query.timeZone)
        ? query.timeZone
        : INSTALLATION_TIME_ZONE;
  return { language, timeZone: zone };
}

export const CSV_ANSWER =
  "UTF-8 CSV with a byte order mark for the reader's Excel: ';' and decimal commas in German, French and Spanish, ',' in English; headers and labels in the language; times in the zone the header names";

/** A CSV answer that downloads under its name. */
export function csvHeaders(fileName: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  };
}
