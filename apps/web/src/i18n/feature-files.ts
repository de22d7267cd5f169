import type { ResourceKey } from 'i18next';

// Every feature file of every language but the server's (SERVER_NAMESPACES), each a lazy import; the build gathers
// them into one file per language and group (textsChunkOf in texts-contract.ts). Only a key met without its text, the
// reports (printed in English) and the development server load them: the build gives code the texts it names. This
// list is a lazily loaded module of its own, so the first download does not carry it.
export const featureFiles = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/*/mail.json'], {
  import: 'default',
});
