import type { SamlProviderSummary } from '@rope/domain/auth/saml';
import type { ActionArgs } from '../action-args.ts';
import { assertManagesUsers } from './internal.ts';

/** The identity providers of SAML_PROVIDERS, for the user dialog; only id and name leave the server. */
export async function listSamlProviders({
  ctx,
  actor,
}: ActionArgs<void>): Promise<{ providers: SamlProviderSummary[] }> {
  assertManagesUsers(actor);
  return { providers: ctx.env.SAML_PROVIDERS.map(({ id, name }) => ({ id, name })) };
}
