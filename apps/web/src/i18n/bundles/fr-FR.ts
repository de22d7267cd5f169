import type { ResourceKey } from 'i18next';

// Every feature file of this language but the server's (SERVER_NAMESPACES in texts-contract.ts), loaded as one file
// when the language is chosen (src/i18n/texts.ts).
export default import.meta.glob<ResourceKey>(['../locales/fr-FR/*.json', '!../locales/fr-FR/mail.json'], {
  eager: true,
  import: 'default',
});
