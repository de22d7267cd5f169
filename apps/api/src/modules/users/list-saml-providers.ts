import type { SamlProviderSummary } from '@rope/domain/saml';
import type { Env } from '../../env.ts';

/** The identity providers of SAML_PROVIDERS; only id and name leave the server. */
export function listSamlProviders(env: Env): { providers: SamlProviderSummary[] } {
  return { providers: env.SAML_PROVIDERS.map(({ id, name }) => ({ id, name })) };
}

export function isKnownSamlProvider(env: Env, id: string): boolean {
  return env.SAML_PROVIDERS.some((provider) => provider.id === id);
}
