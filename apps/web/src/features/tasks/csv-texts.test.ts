import { LANGUAGES, type Language, type TranslateKey } from '@rope/domain/languages';
import { parseTaskCsv, type TaskCsvTask, taskCsv, taskCsvTemplate, taskCsvTexts } from '@rope/domain/tasks/csv';
import { userCsvTexts } from '@rope/domain/users/csv';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

// The locale files as the server reads them (apps/api/src/i18n/locales.ts): every feature file of each language.
const files = import.meta.glob<{ default: object }>('../../i18n/locales/*/*.json', { eager: true });
const resources = Object.fromEntries(
  LANGUAGES.map((language) => {
    const translation: Record<string, object> = {};
    for (const [path, file] of Object.entries(files)) {
      const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
      if (match?.[1] === language) translation[match[2]!] = file.default;
    }
    return [language, { translation }];
  }),
);
const instance = i18next.createInstance();
await instance.init({ resources, lng: 'en-US', interpolation: { escapeValue: false } });
// No fallback language: a key a language lacks answers the key itself, not the English text.
const textsIn = (language: Language) => instance.getFixedT(language) as unknown as TranslateKey;
const inEveryLanguage = <T>(build: (t: TranslateKey) => T) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, build(textsIn(language))])) as Record<Language, T>;
const taskTexts = inEveryLanguage(taskCsvTexts);
const userTexts = inEveryLanguage(userCsvTexts);

/** Every text of an object of texts, by its path. */
const leaves = (texts: object, path = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${path}${key}`, value]] : leaves(value as object, `${path}${key}.`),
  );

describe('CSV texts', () => {
  it.each(LANGUAGES)('are in the locale files for every header and label in %s', (language) => {
    for (const [path, text] of [...leaves(taskTexts[language]), ...leaves(userTexts[language])]) {
      expect(text.trim(), path).not.toBe('');
      // An unresolved key or reference would come back as the key or as "$t(...)".
      expect(text, path).not.toMatch(/^(csv|tasks|users)\.|\$t\(/);
    }
    expect(taskTexts[language].status.done).toBe(instance.t('tasks.status.done', { lng: language }));
    expect(userTexts[language].roles.ROLE_USER).toBe(instance.t('users.roles.ROLE_USER', { lng: language }));
  });

  it('give no two columns or labels of a task file one name across the four languages', () => {
    for (const language of LANGUAGES) {
      const { columns, status, component } = taskTexts[language];
      expect(new Set(Object.values(columns)).size).toBe(Object.values(columns).length);
      expect(new Set(Object.values(status)).size).toBe(3);
      expect(new Set(Object.values(component)).size).toBe(3);
    }
    const owners = new Map<string, string>();
    for (const language of LANGUAGES)
      for (const [column, name] of Object.entries(taskTexts[language].columns)) {
        const folded = name.toLowerCase();
        // Rope and component "rope" share a word; a header names a column only.
        expect(owners.get(folded) ?? column).toBe(column);
        owners.set(folded, column);
      }
  });

  const task: TaskCsvTask = {
    rope: { id: 7, name: 'Förderseil' },
    attributes: {
      title: 'Magnetprüfung',
      description: 'Jährlich',
      status: 'in-progress',
      dueAt: '2026-12-14T23:00:00.000Z',
      dueCondition: { type: 'bendingCycles', threshold: 600000 },
      component: 'splice',
      inspectionType: 'B (0 m/s)',
      isRecurring: false,
      recurringConditions: [],
      isInternal: false,
    },
    pastDue: false,
    assignedUsers: [],
    createdAt: '2026-11-28T21:51:00.000Z',
  };

  it.each(LANGUAGES)('let a colleague of any language read a task file written in %s', (written) => {
    // Days are left out: "12/15/2026" and "15/12/2026" are one day only to the Excel that wrote them.
    const { dueAt: _, ...attributes } = task.attributes;
    const exported = taskCsv({ language: written, timeZone: 'Europe/Zurich' }, [{ ...task, attributes }], taskTexts);
    for (const language of LANGUAGES) {
      const reader = { language, timeZone: 'Europe/Zurich', needsRope: true };
      expect(parseTaskCsv(exported, reader, taskTexts), language).toEqual({ rows: [{ ropeId: 7, attributes }] });
    }
  });

  it.each(LANGUAGES)('offer a template in %s that the upload reads', (language) => {
    const reader = { language, timeZone: 'Europe/Zurich' };
    const template = taskCsvTemplate(reader, taskTexts);
    expect(template.split('\r\n')[0]).toContain(taskTexts[language].columns.title);
    expect(parseTaskCsv(template, { ...reader, needsRope: false }, taskTexts)).toMatchObject({
      rows: [{ attributes: { title: taskTexts[language].example.title, status: 'new', component: 'rope' } }],
    });
  });
});
