import { users } from '@rope/db/schema/index';
import { responsibleSamlProvider } from '@rope/domain/auth/saml';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

/**
 * The provider id the login screen should send this username to, or null for a password login. Looks the
 * user up on every call, so that the answer time does not tell whether the domain matched.
 */
export async function checkSamlProvider({ ctx, input }: { ctx: AppContext; input: { e: string } }) {
  const providers = ctx.env.SAML_PROVIDERS;
  if (providers.length === 0 || input.e === '') return { samlProvider: null };
  const [user] = await ctx.db
    .select({ samlProvider: users.samlProvider })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.e.toLowerCase()}`, eq(users.isActive, true)));
  return { samlProvider: responsibleSamlProvider(providers, input.e, user?.samlProvider)?.id ?? null };
}
