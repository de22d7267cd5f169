import { describe, expect, it } from 'vitest';

const files = import.meta.glob<unknown>('./locales/de-DE/*.json', { eager: true, import: 'default' });

/**
 * Stems that Swiss German writes with "ss" and German German with "ß" (Spleiß, außen, groß, schließen, Maßsystem).
 * Each stays clear of the words that keep their "ss" (dass, muss, Passwort, Schlüssel, Adresse, Masse, Aussendung).
 */
const SWISS_SPELLINGS: RegExp[] = [
  /spleiss/i,
  /aussen(?!d(en|ung))/i,
  /ausser/i,
  /äusser/i,
  /gross/i,
  /grös/i,
  /schliess/i,
  /schleiss/i,
  /mässig/i,
  /massnahm/i,
  /masssystem|massstab|masseinheit/i,
  /gemäss/i,
  /strasse/i,
  /fuss/i,
  /bloss/i,
  /grüss/i,
  /fliess/i,
];

/** Proper names that keep their official Swiss spelling: the provider's postal address. */
const PROPER_NAMES = new Set(['imprint.provider.street']);

function texts(value: unknown, prefix: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) texts(child, `${prefix}.${key}`, out);
  return out;
}

function swissSpellings(text: string): string[] {
  return SWISS_SPELLINGS.filter((pattern) => pattern.test(text)).map(String);
}

describe('German spelling (de-DE)', () => {
  it('tells the Swiss spellings from the words that keep their ss', () => {
    for (const word of ['Spleiss', 'Aussendrähte', 'grösser', 'ausschliesslich', 'Masssystem', 'Strasse', 'Fuss'])
      expect(swissSpellings(word), word).not.toEqual([]);
    for (const word of ['dass', 'muss', 'Passwort', 'Schlüssel', 'Adresse', 'Masse', 'Aussendung', 'Schluss'])
      expect(swissSpellings(word), word).toEqual([]);
  });

  it('writes ß where de-DE spells it, not the Swiss ss', () => {
    const found: string[] = [];
    for (const [path, json] of Object.entries(files)) {
      const feature = path.match(/([^/]+)\.json$/)?.[1] ?? path;
      for (const [key, text] of texts(json, feature, [])) {
        const patterns = swissSpellings(text);
        if (patterns.length > 0 && !PROPER_NAMES.has(key)) found.push(`${key}: "${text}" (${patterns.join(', ')})`);
      }
    }
    expect(found).toEqual([]);
  });
});
