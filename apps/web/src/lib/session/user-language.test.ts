import { describe, expect, it } from 'vitest';
import { languageIdOfLocale, localeOfLanguageId } from './user-language';

describe('user language', () => {
  it('maps the user record languageId to the locale and back', () => {
    expect(localeOfLanguageId('ENU')).toBe('en-US');
    expect(localeOfLanguageId('DES')).toBe('de-DE');
    expect(localeOfLanguageId('FRS')).toBe('fr-FR');
    expect(localeOfLanguageId('ESP')).toBe('es-ES');
    expect(languageIdOfLocale('de-DE')).toBe('DES');
    expect(languageIdOfLocale('es-ES')).toBe('ESP');
  });
});
