import type { ResourceKey } from 'i18next';

// Every feature file of every language but the server's (SERVER_NAMESPACES), each a lazy import; the build gathers
// them into one file per language and group (textsChunkOf in texts-contract.ts). This list is a chunk of its own,
// loaded only where whole feature files are needed (texts-contract.ts): the build's chunks bring their own texts.
const files = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/*/mail.json'], { import: 'default' });

export interface FeatureFile {
  language: string;
  namespace: string;
  load: () => Promise<ResourceKey>;
}

export const featureFiles: FeatureFile[] = Object.entries(files).map(([path, load]) => {
  const [, language = '', namespace = ''] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace, load };
});
