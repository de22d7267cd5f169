import 'i18next';
import type { enUS } from './en-us';

// Keys are checked against the English file at compile time; locales.test.ts keeps the other languages complete.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}
