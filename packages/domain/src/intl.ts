/** Country and time-zone names from the platform's Intl data, in the asked language. */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every ISO 3166-1 alpha-2 region the platform can name, e.g. { CH: 'Switzerland' } in en-US. */
export function countryNames(locale: string): Record<string, string> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const result: Record<string, string> = {};
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      const name = names.of(code);
      // Codes the platform only knows as placeholders (e.g. "Unknown Region") are left out.
      if (name && english.of(code) && !/unknown/i.test(english.of(code) ?? '')) result[code] = name;
    }
  }
  return result;
}

/** IANA time zones with a readable label: { 'Europe/Zurich': 'Europe/Zurich (Central European Standard Time)' }. */
export function timeZoneNames(locale: string, at: Date = new Date()): Record<string, string> {
  const zones = Intl.supportedValuesOf('timeZone');
  const result: Record<string, string> = {};
  for (const zone of zones) {
    const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    result[zone] = part ? `${zone.replaceAll('_', ' ')} (${part})` : zone.replaceAll('_', ' ');
  }
  return result;
}

/** The supported language of an Accept-Language header, defaulting to en-US. */
export function localeFromAcceptLanguage(header: string | undefined, supported: readonly string[]): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase();
    if (!tag) continue;
    const exact = supported.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const byLanguage = supported.find((locale) => locale.toLowerCase().startsWith(`${tag.split('-')[0]}-`));
    if (byLanguage) return byLanguage;
  }
  return supported[0] ?? 'en-US';
}
