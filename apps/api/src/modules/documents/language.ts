import { users } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { languageFromAcceptLanguage } from '@rope/domain/documents/schemas';
import { LANGUAGE_IDS, type LanguageId } from '@rope/domain/languages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

/** The language a list is ordered and named for: the Accept-Language header, else the user's own, else English. */
export async function readerLanguage(ctx: AppContext, actor: Actor, acceptLanguage?: string): Promise<LanguageId> {
  const asked = languageFromAcceptLanguage(acceptLanguage);
  if (asked) return asked;
  const [user] = await ctx.db.select({ languageId: users.languageId }).from(users).where(eq(users.id, actor.userId));
  const own = user?.languageId as LanguageId | undefined;
  return own && LANGUAGE_IDS.includes(own) ? own : 'ENU';
}
