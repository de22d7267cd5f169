import type { ResourceKey } from 'i18next';

// The English feature files beyond the core ones (core-texts.ts, in the entry), loaded as one file with the first
// code that shows them (src/i18n/texts.ts). The pattern leaves out CORE_NAMESPACES and
// SERVER_NAMESPACES (texts-contract.ts).
export default import.meta.glob<ResourceKey>(
  ['../locales/en-US/*.json', '!../locales/en-US/{app,areas,auth,common,language,shell,mail}.json'],
  { eager: true, import: 'default' },
);
