import type { Profile } from '@node-saml/node-saml';
import { users } from '@rope/db/schema/index';
import { responsibleSamlProvider, type SamlProvider } from '@rope/domain/auth/saml';
import { message } from '@rope/domain/messages';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, type ErrorText } from '../../http/app-error.ts';
import type { UserRow } from '../../session/load-actor.ts';
import { serviceProvider } from './service-provider.ts';

/** A refused sign-in: the client sees the message, the audit log also gets the reason and details. */
export class SamlRefusal extends AppError {
  constructor(
    readonly reason: string,
    text: ErrorText,
    readonly details: Record<string, unknown> = {},
    code: 'FORBIDDEN' | 'NOT_FOUND' = 'FORBIDDEN',
  ) {
    super(code, text);
  }
}

const EMAIL_CLAIM = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';
const emailSchema = z.email().max(255);

function emailOf(profile: Profile): string | undefined {
  const candidates = [profile.nameID, profile.email, profile.mail, profile[EMAIL_CLAIM]];
  const email = candidates.find((value) => typeof value === 'string' && emailSchema.safeParse(value.trim()).success);
  return typeof email === 'string' ? email.trim() : undefined;
}

type ParsedAssertion = { Assertion?: { Conditions?: { $?: { NotOnOrAfter?: string } }[] } };

// node-saml skips the time check when Conditions carries no attributes; such an assertion would never expire.
function hasExpiry(profile: Profile): boolean {
  const parsed = profile.getAssertion?.() as ParsedAssertion | undefined;
  return Boolean(parsed?.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter);
}

async function validatedProfile(ctx: AppContext, provider: SamlProvider, samlResponse: string): Promise<Profile> {
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(ctx.env, provider).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw new SamlRefusal('invalid-response', message('app.errors.samlInvalidResponse'), {
      error: (error as Error).message.slice(0, 300),
    });
  }
  if (!profile) throw new SamlRefusal('no-assertion', message('app.errors.samlNoAssertion'));
  if (!hasExpiry(profile)) {
    throw new SamlRefusal('no-expiry', message('app.errors.samlNoExpiry'));
  }
  return profile;
}

/**
 * Checks a SAMLResponse posted to this provider's ACS and answers the account it signs in. The provider
 * must be the one responsible for the account (assigned to the user, else owner of the email's domain).
 */
export async function consumeAssertion(
  ctx: AppContext,
  provider: SamlProvider,
  samlResponse: string,
): Promise<{ user: UserRow }> {
  const profile = await validatedProfile(ctx, provider, samlResponse);
  const email = emailOf(profile);
  if (!email) throw new SamlRefusal('no-email', message('app.errors.samlNoEmail'));
  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  const responsible = responsibleSamlProvider(ctx.env.SAML_PROVIDERS, email, user?.samlProvider);
  if (responsible?.id !== provider.id) {
    throw new SamlRefusal('wrong-provider', message('app.errors.samlWrongProvider'), {
      email,
      responsible: responsible?.id ?? null,
    });
  }
  if (!user?.isActive) {
    throw new SamlRefusal('no-account', message('app.errors.samlNoAccount'), { email });
  }
  return { user };
}
