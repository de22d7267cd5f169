import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { SamlProvider } from '@rope/domain/auth/saml';
import { message } from '@rope/domain/messages';
import { type Env, publicUrl } from '../../env.ts';
import { notFound } from '../../http/app-error.ts';

/** Assertions are used at once; a few seconds cover clocks that drift apart a little. */
export const CLOCK_SKEW_MS = 5_000;
/** An assertion is accepted at most this long after the IdP issued it, whatever its NotOnOrAfter says. */
export const MAX_ASSERTION_AGE_MS = 10 * 60_000;

export function spIssuer(env: Env, provider: SamlProvider): string {
  return provider.issuer ?? `${publicUrl(env)}/api/saml/metadata`;
}

export function acsUrl(env: Env, provider: SamlProvider): string {
  return `${publicUrl(env)}/api/saml/acs/${provider.id}`;
}

export function findProvider(env: Env, id: string): SamlProvider | undefined {
  return env.SAML_PROVIDERS.find((provider) => provider.id === id);
}

export function requireProvider(env: Env, id: string): SamlProvider {
  const provider = findProvider(env, id);
  if (!provider) throw notFound(message('app.errors.unknownIdentityProvider'));
  return provider;
}

/** The node-saml service provider towards one IdP; built per call since it holds no state we use. */
export function serviceProvider(env: Env, provider: SamlProvider): SAML {
  const issuer = spIssuer(env, provider);
  return new SAML({
    entryPoint: provider.entryPoint,
    idpCert: provider.cert,
    issuer,
    audience: issuer,
    callbackUrl: acsUrl(env, provider),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    signatureAlgorithm: 'sha256',
    // Request IDs would have to be shared by every API process; the signed, short-lived assertion is the proof.
    validateInResponseTo: ValidateInResponseTo.never,
    // Let the IdP apply its own policy (MFA, Kerberos) instead of insisting on password-over-TLS.
    disableRequestedAuthnContext: true,
  });
}
