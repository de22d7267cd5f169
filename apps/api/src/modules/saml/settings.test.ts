import { describe, expect, it } from 'vitest';
import { IDP_CERT } from '../../../test/support/saml-idp.ts';
import { EnvError, parseEnv } from '../../env.ts';

const provider = {
  id: 'alpine',
  name: 'Alpine Lifts',
  entryPoint: 'https://idp.alpine.test/sso',
  cert: IDP_CERT,
  domains: ['Alpine.Test'],
};
const withProviders = (value: unknown) =>
  parseEnv({ SAML_PROVIDERS: typeof value === 'string' ? value : JSON.stringify(value) });

function refusal(value: unknown): string {
  try {
    withProviders(value);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('parseEnv accepted it');
}

describe('SAML_PROVIDERS', () => {
  it('is an empty list when unset or blank', () => {
    expect(parseEnv({}).SAML_PROVIDERS).toEqual([]);
    expect(parseEnv({ SAML_PROVIDERS: ' ' }).SAML_PROVIDERS).toEqual([]);
  });

  it('takes providers with a PEM certificate or its bare base64 body', () => {
    const body = IDP_CERT.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const [pem, bare] = withProviders([provider, { ...provider, id: 'bare', cert: body, domains: [] }]).SAML_PROVIDERS;
    expect(pem).toMatchObject({ id: 'alpine', domains: ['alpine.test'] });
    expect(pem!.cert).toBe(IDP_CERT);
    expect(bare!.cert).toBe(IDP_CERT);
  });

  it.each([
    ['[{"id": ', /^Invalid configuration: SAML_PROVIDERS=".*" must be a JSON array of providers \(/],
    [{ id: 'alpine' }, /^Invalid configuration: SAML_PROVIDERS=.* must be a JSON array of providers$/],
    [[{ ...provider, entryPoint: 'http://idp.test/sso' }], /SAML_PROVIDERS\.0\.entryPoint must be an https URL/],
    [[{ ...provider, cert: 'not a certificate' }], /SAML_PROVIDERS\.0\.cert is not an X\.509 certificate/],
    [[{ ...provider, cert: 'QUJD' }], /SAML_PROVIDERS\.0\.cert is not an X\.509 certificate/],
    [[{ ...provider, id: 'Has Space' }], /SAML_PROVIDERS\.0\.id must be lowercase letters/],
    [[{ ...provider, domains: ['not a domain'] }], /SAML_PROVIDERS\.0\.domains\.0 must be an email domain/],
    [[provider, { ...provider, domains: [] }], /SAML_PROVIDERS\.1\.id "alpine" is used twice/],
    [[provider, { ...provider, id: 'b' }], /SAML_PROVIDERS\.1\.domains alpine\.test is already claimed by "alpine"/],
  ])('refuses %j with one line', (value, message) => {
    const text = refusal(value);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});
