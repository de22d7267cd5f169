import { describe, expect, it } from 'vitest';
import { detectLanguage, matchLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('fr-FR', ['de-DE'])).toBe('fr-FR');
  });

  it('ignores a stored value that is not one of our languages', () => {
    expect(detectLanguage('it-IT', ['es-ES'])).toBe('es-ES');
  });

  it('takes the first browser language it can match, by language part when needed', () => {
    expect(detectLanguage(null, ['it-IT', 'de-CH', 'en-US'])).toBe('de-DE');
    expect(matchLanguage('fr')).toBe('fr-FR');
    expect(matchLanguage('es-419')).toBe('es-ES');
  });

  it('falls back to en-US', () => {
    expect(detectLanguage(undefined, ['ja-JP'])).toBe('en-US');
    expect(detectLanguage(null, [])).toBe('en-US');
  });
});
