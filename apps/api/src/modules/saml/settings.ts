import { X509Certificate } from 'node:crypto';
import { type SamlProvider, samlProviderSchema } from '@rope/domain/auth/saml';
import { z } from 'zod';

const PEM_BODY = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/;

/** The certificate as a PEM node-saml and node:crypto both accept, or undefined when it is not one. */
export function certificatePem(value: string): string | undefined {
  const body = (PEM_BODY.exec(value)?.[1] ?? value).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return undefined;
  }
}

const providerList = z
  .array(samlProviderSchema, { error: 'must be a JSON array of providers' })
  .max(50, 'must list at most 50 providers')
  .transform((providers, ctx) => {
    const seenIds = new Set<string>();
    const domainOwners = new Map<string, string>();
    return providers.map((provider, index): SamlProvider => {
      if (seenIds.has(provider.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `"${provider.id}" is used twice` });
      }
      seenIds.add(provider.id);
      for (const domain of provider.domains) {
        const owner = domainOwners.get(domain);
        if (owner && owner !== provider.id) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'domains'],
            message: `${domain} is already claimed by "${owner}"`,
          });
        }
        domainOwners.set(domain, provider.id);
      }
      const cert = certificatePem(provider.cert);
      if (!cert) ctx.addIssue({ code: 'custom', path: [index, 'cert'], message: 'is not an X.509 certificate' });
      return { ...provider, cert: cert ?? provider.cert };
    });
  });

/** SAML_PROVIDERS: a JSON array of identity providers; unset or empty means no single sign-on. */
export const samlProvidersSetting = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): unknown => {
    if (!value) return [];
    try {
      return JSON.parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `must be a JSON array of providers (${(error as Error).message})` });
      return z.NEVER;
    }
  })
  .pipe(providerList);
