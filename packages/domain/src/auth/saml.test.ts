import { describe, expect, it } from 'vitest';
import {
  emailDomain,
  providerForEmailDomain,
  responsibleSamlProvider,
  safeReturnPath,
  samlCheckBodySchema,
  samlProviderSchema,
} from './saml.ts';

const providers = [
  { id: 'alpine', domains: ['alpine-lifts.example', 'alpine.example'] },
  { id: 'valley', domains: ['Valley.Example'] },
];

describe('emailDomain', () => {
  it.each([
    ['anna@Alpine-Lifts.Example', 'alpine-lifts.example'],
    ['  bob@valley.example  ', 'valley.example'],
    ['"odd@quoted"@valley.example', 'valley.example'],
    ['carl@valley.example.', 'valley.example'],
  ])('%s -> %s', (email, domain) => expect(emailDomain(email)).toBe(domain));

  it.each(['', 'nobody', '@valley.example', 'dora@'])('%j has none', (email) => {
    expect(emailDomain(email)).toBeUndefined();
  });
});

describe('providerForEmailDomain', () => {
  it('matches the domain case-insensitively on both sides', () => {
    expect(providerForEmailDomain(providers, 'ANNA@ALPINE.EXAMPLE')?.id).toBe('alpine');
    expect(providerForEmailDomain(providers, 'bob@valley.example')?.id).toBe('valley');
  });

  it('matches whole domains only, not subdomains or suffixes', () => {
    expect(providerForEmailDomain(providers, 'eve@sub.alpine.example')).toBeUndefined();
    expect(providerForEmailDomain(providers, 'eve@notalpine.example')).toBeUndefined();
    expect(providerForEmailDomain(providers, 'eve@alpine.example.evil')).toBeUndefined();
  });

  it('finds nothing for a username without a domain', () => {
    expect(providerForEmailDomain(providers, 'admin')).toBeUndefined();
  });
});

describe('responsibleSamlProvider', () => {
  it('prefers the provider assigned to the user', () => {
    expect(responsibleSamlProvider(providers, 'anna@alpine.example', 'valley')?.id).toBe('valley');
    expect(responsibleSamlProvider(providers, 'fred@gmail.example', 'alpine')?.id).toBe('alpine');
  });

  it('falls back to the domain when nothing or an unconfigured provider is assigned', () => {
    expect(responsibleSamlProvider(providers, 'anna@alpine.example', null)?.id).toBe('alpine');
    expect(responsibleSamlProvider(providers, 'anna@alpine.example', 'removed')?.id).toBe('alpine');
    expect(responsibleSamlProvider(providers, 'fred@gmail.example', 'removed')).toBeUndefined();
  });
});

describe('safeReturnPath', () => {
  it.each(['/', '/areas/1/installations/2', '/documents?folder=3#top', '/a/%2F%2Fb'])('keeps %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    undefined,
    null,
    '',
    '//evil.com',
    '///evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    'areas',
    '/\\evil.com',
    '/\t/evil.com',
    '/ /evil.com',
    '/x\n',
    `/${'a'.repeat(1000)}`,
  ])('turns %j into /', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('samlProviderSchema', () => {
  const valid = {
    id: 'alpine',
    name: 'Alpine Lifts',
    entryPoint: 'https://idp.alpine.example/sso',
    cert: 'MIIB',
    domains: ['Alpine.Example'],
  };

  it('lower-cases domains and leaves issuer optional', () => {
    expect(samlProviderSchema.parse(valid)).toEqual({ ...valid, domains: ['alpine.example'] });
  });

  it.each([
    [{ id: 'Alpine' }, 'id'],
    [{ id: 'a/b' }, 'id'],
    [{ entryPoint: 'http://idp.alpine.example/sso' }, 'entryPoint'],
    [{ domains: ['@alpine.example'] }, 'domains'],
    [{ name: ' ' }, 'name'],
  ])('refuses %o', (change, field) => {
    const result = samlProviderSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('samlCheckBodySchema', () => {
  it('bounds the username', () => {
    expect(samlCheckBodySchema.safeParse({ e: 'a'.repeat(256) }).success).toBe(false);
    expect(samlCheckBodySchema.parse({ e: ' x@y.example ' })).toEqual({ e: 'x@y.example' });
  });
});
