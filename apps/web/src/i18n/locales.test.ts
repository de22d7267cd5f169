import { LANGUAGES } from '@rope/domain/languages';
import { MESSAGE_KEYS } from '@rope/domain/message-keys';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from './en-us';
import { SERVER_NAMESPACES } from './texts-contract';

const files = import.meta.glob<unknown>('./locales/*/*.json', { eager: true, import: 'default' });
// locales/<language>/<feature>.json: each language is the union of its feature files, keyed by file name.
const locales = new Map<string, Record<string, unknown>>();
for (const [path, json] of Object.entries(files)) {
  const [, language, feature] = path.match(/^\.\/locales\/([^/]+)\/(.+)\.json$/) ?? [];
  if (!language || !feature) continue;
  locales.set(language, { ...locales.get(language), [feature]: json });
}

/**
 * English texts that more than one key may hold: the same English word that other languages say differently in its
 * place. Any other repeat belongs in common.json or enums.json (or one key of its feature), and a key looked up by a
 * domain name (`events.fields.${field}`, `shell.nav.${key}`) refers to that one text as `$t(key)`.
 */
const ALLOWED_REPEATS: Record<string, string[]> = {
  // The "other" choice of different lists; German says "Sonstiges" for an event type, Spanish "Otros" for functions.
  Other: [
    'enums.eventTypes.other',
    'installations.options.installationManufacturer.other',
    'ropes.options.ropeApplication.other',
    'ropes.options.ropeType.other',
    'users.functions.others',
  ],
  // Options of two separate lists, each agreeing with its own list's noun.
  Others: ['installations.options.buildingType.others', 'installations.options.ropewayType.others'],
  // Agrees with what is missing: "Keiner" admin user, "Keine" method, lubrication or condition.
  None: ['areas.dialog.adminUserNone', 'enums.twoFactorMethods.none', 'events.lubricant.none', 'tasks.dialog.none'],
  // All rows or damages ("Tous") against the whole time range ("Tout", "Todo").
  All: ['charts.damage.filterAll', 'charts.ranges.All', 'events.table.all'],
  // The filter (plural), an action in the history (masculine) and a mutation's relevance (feminine).
  Archived: ['events.history.actions.archive', 'events.relevance.archived', 'events.table.showArchived'],
  // The switch names each language in itself ("Deutsch"), a document's languages are named in the session's.
  English: ['documents.languages.ENU', 'language.names.en-US'],
  // Agrees with what was created: an event ("Créé"), a task ("Creada"), a reset link ("Créée", "Creado").
  Created: ['csv.tasks.columns.createdAt', 'csv.users.columns.created', 'events.history.actions.create'],
  // A file's column beside the name column ("Nombre de pila", "Nom de famille") against the form's field.
  'First name': ['csv.users.columns.firstname', 'users.form.firstname'],
  'Last name': ['csv.users.columns.lastname', 'users.form.lastname'],
  // The rope's damage as a quantity against the kind of event.
  Damage: ['common.fields.damage', 'enums.recordingTypes.damage'],
  // A mandator's user ("Actif", "Activo") against an API key ("Active", "Activa").
  Active: ['common.fields.active', 'users.apiKeys.states.active'],
  // A device's broker client ("Révoqué", "Revocado") against an API key ("Révoquée", "Revocada").
  Revoked: ['sensors.broker.disabled', 'users.apiKeys.states.revoked'],
  // A new event ("Nouveau") against a new task ("Nouvelle", "Nueva").
  New: ['documents.widget.new', 'enums.actionStatuses.new', 'tasks.status.new'],
  // The verb in a search field against the noun in the menu ("Suchen" / "Suche").
  Search: ['events.search.placeholder', 'shell.nav.search'],
  // The screen's heading ("Connexion") against its button ("Se connecter").
  'Sign in': ['auth.login.submit', 'auth.login.title'],
  // A task's change ("synchronisé", "sincronizado") against a note ("synchronisée", "sincronizada").
  'Not yet synced': ['field.outbox.taskPending', 'tasks.notes.notSynced'],
  // An installation is feminine in French ("ajoutée"), a rope masculine.
  '{{name}} was added.': ['installations.list.added', 'ropes.list.added'],
  '{{name}} was archived.': ['installations.archive.done', 'ropes.archive.done'],
  '{{name}} was restored.': ['installations.archive.restored', 'ropes.archive.restored'],
};

/** `$t(key)`: a key whose text is another key's, so the text is translated once (i18next nesting). */
const REFERENCE = /^\$t\(([^,)]+)\)$/;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*-?\s*([^\s,}]+)[^}]*}}/g;

/** Flattens nested JSON into `a.b.c` keys; anything but a string leaf is reported. */
function flatten(value: unknown, prefix: string, out: Map<string, string>, problems: string[], language: string) {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out, problems, language);
  } else {
    problems.push(`${language}: "${prefix}" is ${JSON.stringify(value)}, expected text`);
  }
}

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').sort();
}

function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

const problems: string[] = [];
const flat = new Map<string, Map<string, string>>();
for (const language of LANGUAGES) {
  const keys = new Map<string, string>();
  if (locales.has(language)) flatten(locales.get(language), '', keys, problems, language);
  flat.set(language, keys);
}

// Plural keys (`rope_one`, `rope_other`, ...) are compared by their base key: each language needs its own forms.
const plainKeys = new Set<string>();
const pluralBases = new Set<string>();
for (const keys of flat.values()) {
  for (const key of keys.keys()) {
    if (PLURAL_SUFFIX.test(key)) pluralBases.add(key.replace(PLURAL_SUFFIX, ''));
    else plainKeys.add(key);
  }
}

describe('locales', () => {
  it('has one folder per language, each with the same feature files as English', () => {
    expect([...locales.keys()].sort()).toEqual([...LANGUAGES].sort());
    const english = Object.keys(locales.get('en-US') ?? {}).sort();
    for (const language of LANGUAGES) expect(Object.keys(locales.get(language) ?? {}).sort()).toEqual(english);
  });

  it("registers every English feature file but the server's in en-us.ts, so it ships and types its keys", () => {
    const server = new Set<string>(SERVER_NAMESPACES);
    const web = Object.keys(locales.get('en-US') ?? {}).filter((feature) => !server.has(feature));
    expect(Object.keys(enUS).sort()).toEqual(web.sort());
  });

  it("keeps the server's feature files (mails, SMS) out of the browser's texts and their types", () => {
    for (const namespace of SERVER_NAMESPACES) {
      expect(Object.keys(enUS)).not.toContain(namespace);
      for (const language of LANGUAGES) expect(Object.keys(locales.get(language) ?? {})).toContain(namespace);
    }
  });

  it('has every key, non-empty, in every language', () => {
    const missing = [...problems];
    for (const [language, keys] of flat) {
      for (const key of [...plainKeys].sort()) {
        const text = keys.get(key);
        if (text === undefined) missing.push(`${language}: missing "${key}"`);
        else if (text.trim() === '') missing.push(`${language}: empty "${key}"`);
      }
      for (const base of [...pluralBases].sort()) {
        for (const category of pluralCategories(language)) {
          const key = `${base}_${category}`;
          const text = keys.get(key);
          if (text === undefined) missing.push(`${language}: missing plural form "${key}"`);
          else if (text.trim() === '') missing.push(`${language}: empty plural form "${key}"`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a text for every message key of the domain (rules and API refusals) in every language', () => {
    const missing = LANGUAGES.flatMap((language) =>
      MESSAGE_KEYS.filter((key) => !flat.get(language)?.get(key)?.trim()).map((key) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('uses the same {{placeholders}} in every language', () => {
    const mismatches: string[] = [];
    const reference = (key: string) =>
      LANGUAGES.map((language) => flat.get(language)?.get(key)).find((text) => text !== undefined) ?? '';
    for (const key of plainKeys) {
      const expected = placeholders(reference(key)).join(', ');
      for (const [language, keys] of flat) {
        const text = keys.get(key);
        if (text === undefined) continue;
        const actual = placeholders(text).join(', ');
        if (actual !== expected) mismatches.push(`${language}: "${key}" has {${actual}}, expected {${expected}}`);
      }
    }
    // A singular form may leave out {{count}}, so plural groups compare the union of their forms.
    for (const base of pluralBases) {
      const perLanguage = LANGUAGES.map((language) => {
        const texts = [...(flat.get(language) ?? new Map<string, string>())]
          .filter(([key]) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key))
          .map(([, text]) => text);
        const names = new Set(texts.flatMap(placeholders));
        names.delete('count');
        return [language, [...names].sort().join(', ')] as const;
      });
      const expected = perLanguage[0]?.[1];
      for (const [language, actual] of perLanguage) {
        if (actual !== expected) mismatches.push(`${language}: "${base}_*" has {${actual}}, expected {${expected}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refers with $t(key) only to keys of its own language, the same reference in every language', () => {
    const broken: string[] = [];
    for (const [language, keys] of flat) {
      for (const [key, text] of keys) {
        const target = text.match(REFERENCE)?.[1];
        if (target !== undefined && (!keys.has(target) || REFERENCE.test(keys.get(target) ?? '')))
          broken.push(`${language}: "${key}" refers to "${target}", which is no text`);
        const english = flat.get('en-US')?.get(key) ?? '';
        if (REFERENCE.test(english) && text !== english)
          broken.push(`${language}: "${key}" is ${text}, not ${english}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('resolves a reference to its text', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
    expect(instance.t('installations.attributes.name')).toBe(enUS.common.fields.name);
    expect(instance.t('shell.nav.areas')).toBe(enUS.areas.title);
  });

  it('holds each English text in one key, but for the allowed repeats that differ in other languages', () => {
    const keysByText = new Map<string, string[]>();
    for (const [key, text] of flat.get('en-US') ?? []) {
      if (!REFERENCE.test(text)) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
    }
    const repeats = Object.fromEntries(
      [...keysByText].filter(([, keys]) => keys.length > 1).map(([text, keys]) => [text, keys.sort()]),
    );
    expect(repeats).toEqual(ALLOWED_REPEATS);
  });
});
