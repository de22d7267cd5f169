import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A test identity provider: real keys from test/fixtures/saml, real XML signatures (xml-crypto). */

interface SignedXmlLike {
  addReference(reference: { xpath: string; transforms: string[]; digestAlgorithm: string }): void;
  computeSignature(xml: string, options: { location: { reference: string; action: 'after' } }): void;
  getSignedXml(): string;
}
type SignedXmlClass = new (options: {
  privateKey: string;
  signatureAlgorithm: string;
  canonicalizationAlgorithm: string;
}) => SignedXmlLike;

// xml-crypto is node-saml's dependency, not ours: load the very copy node-saml verifies with.
const requireHere = createRequire(import.meta.url);
const { SignedXml } = createRequire(requireHere.resolve('@node-saml/node-saml'))('xml-crypto') as {
  SignedXml: SignedXmlClass;
};

const fixture = (name: string) => readFileSync(new URL(`../fixtures/saml/${name}`, import.meta.url), 'utf8');
export const IDP_KEY = fixture('idp-key.pem');
export const IDP_CERT = fixture('idp-cert.pem');

export const PUBLIC_URL = 'https://cockpit.test';
export const SP_ISSUER = `${PUBLIC_URL}/api/saml/metadata`;

/** Two providers signing with the same key, so that only the domain rule tells them apart. */
export const TEST_PROVIDERS = [
  {
    id: 'alpine',
    name: 'Alpine Lifts',
    entryPoint: 'https://idp.alpine.test/sso',
    cert: IDP_CERT,
    domains: ['alpine.test'],
  },
  {
    id: 'valley',
    name: 'Valley Ropes',
    entryPoint: 'https://idp.valley.test/sso',
    cert: IDP_CERT,
    domains: ['valley.test'],
  },
];
export const TEST_SAML_ENV = { PUBLIC_URL, SAML_PROVIDERS: JSON.stringify(TEST_PROVIDERS) };

export interface AssertionOptions {
  email: string;
  providerId?: string;
  audience?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** Leave NotBefore/NotOnOrAfter off Conditions. */
  timeless?: boolean;
  /** Private key to sign the assertion with; null leaves it unsigned. */
  signingKey?: string | null;
  /** Rewrites the signed XML, to model tampering on the way. */
  tamper?: (xml: string) => string;
}

const NS = 'xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"';

export function responseXml(options: AssertionOptions): string {
  const now = Date.now();
  const providerId = options.providerId ?? 'alpine';
  const acs = `${PUBLIC_URL}/api/saml/acs/${providerId}`;
  const idp = `https://idp.${providerId}.test/entity`;
  const notBefore = (options.notBefore ?? new Date(now - 60_000)).toISOString();
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(now + 5 * 60_000)).toISOString();
  const times = options.timeless ? '' : ` NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"`;
  const issued = new Date(now).toISOString();
  const assertion = `<saml:Assertion ${NS} ID="_a${randomUUID()}" Version="2.0" IssueInstant="${issued}">
<saml:Issuer>${idp}</saml:Issuer>
<saml:Subject>
<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.email}</saml:NameID>
<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">
<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${acs}"/>
</saml:SubjectConfirmation>
</saml:Subject>
<saml:Conditions${times}>
<saml:AudienceRestriction><saml:Audience>${options.audience ?? SP_ISSUER}</saml:Audience></saml:AudienceRestriction>
</saml:Conditions>
<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="_s${randomUUID()}">
<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>
</saml:AuthnStatement>
</saml:Assertion>`;
  const key = options.signingKey === undefined ? IDP_KEY : options.signingKey;
  const body = key ? signAssertion(assertion, key) : assertion;
  const xml = `<samlp:Response ${NS} ID="_r${randomUUID()}" Version="2.0" IssueInstant="${issued}" Destination="${acs}">
<saml:Issuer>${idp}</saml:Issuer>
<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>
${body}
</samlp:Response>`;
  return options.tamper ? options.tamper(xml) : xml;
}

function signAssertion(assertion: string, privateKey: string): string {
  const signer = new SignedXml({
    privateKey,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(assertion, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return signer.getSignedXml();
}

/** The form body an IdP's auto-submitting page posts to the ACS. */
export function acsForm(options: AssertionOptions, relayState?: string): string {
  const form = new URLSearchParams({ SAMLResponse: Buffer.from(responseXml(options)).toString('base64') });
  if (relayState !== undefined) form.set('RelayState', relayState);
  return form.toString();
}
