import { z } from 'zod';

export const SAML_PROVIDER_ID_MAX_LENGTH = 64;
const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]*$/;
const EMAIL_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** One SAML identity provider as SAML_PROVIDERS configures it. */
export const samlProviderSchema = z.object({
  id: z.string().max(SAML_PROVIDER_ID_MAX_LENGTH).regex(PROVIDER_ID, 'must be lowercase letters, digits, "-" or "_"'),
  name: z.string().trim().min(1).max(100),
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: z.url({ protocol: /^https$/, message: 'must be an https URL' }).max(2000),
  /** The IdP's signing certificate, PEM or its base64 body. */
  cert: z.string().trim().min(1).max(20_000),
  domains: z
    .array(z.string().trim().toLowerCase().regex(EMAIL_DOMAIN, 'must be an email domain like example.com'))
    .max(100)
    .default([]),
  /** Our SP entity id towards this IdP; defaults to `<public URL>/api/saml/metadata`. */
  issuer: z.string().trim().min(1).max(500).optional(),
});
export type SamlProvider = z.infer<typeof samlProviderSchema>;

/** The part of a provider the public API may show. */
export const samlProviderSummarySchema = samlProviderSchema.pick({ id: true, name: true });
export type SamlProviderSummary = z.infer<typeof samlProviderSummarySchema>;

/** POST /api/login/saml-check: `e` is what the user typed as username. */
export const samlCheckBodySchema = z.object({ e: z.string().trim().max(255) });
export const samlCheckAnswerSchema = z.object({ samlProvider: z.string().max(SAML_PROVIDER_ID_MAX_LENGTH).nullable() });
export type SamlCheckAnswer = z.infer<typeof samlCheckAnswerSchema>;

type ProviderLike = { id: string; domains: readonly string[] };

/** The lower-cased domain after the last '@', or undefined when the text is not email-shaped. */
export function emailDomain(email: string): string | undefined {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = trimmed
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  return domain === '' ? undefined : domain;
}

/** The provider whose domains list the email's domain (exact match, case-insensitive). */
export function providerForEmailDomain<P extends ProviderLike>(providers: readonly P[], email: string): P | undefined {
  const domain = emailDomain(email);
  if (!domain) return undefined;
  return providers.find((provider) => provider.domains.some((d) => d.toLowerCase() === domain));
}

/**
 * The provider that may sign this person in: the one assigned to the user record when it is configured,
 * else the one owning the email's domain. Both saml-check and the assertion consumer use this one rule.
 */
export function responsibleSamlProvider<P extends ProviderLike>(
  providers: readonly P[],
  email: string,
  assignedProviderId?: string | null,
): P | undefined {
  const assigned = assignedProviderId ? providers.find((provider) => provider.id === assignedProviderId) : undefined;
  return assigned ?? providerForEmailDomain(providers, email);
}

/**
 * A path on this site to return to after sign-in, else '/'. Refuses what a browser would read as another
 * host: '//host', '/\host', and paths with control characters or blanks, which browsers strip or rewrite.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 1000) return '/';
  if (!value.startsWith('/') || value[1] === '/' || value.includes('\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f]/.test(value)) return '/';
  return value;
}
