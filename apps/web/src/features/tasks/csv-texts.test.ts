import { LANGUAGES } from '@rope/domain/languages';
import { TASK_CSV_TEXTS } from '@rope/domain/tasks/csv-texts';
import { USER_CSV_TEXTS } from '@rope/domain/users/csv';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../i18n/locales/*/*.json', { eager: true });
const texts = (language: string, namespace: string) =>
  files[`../../i18n/locales/${language}/${namespace}.json`]!.default as Record<string, Record<string, string>>;
// A label that refers to another ("$t(common.fields.rope)") read as the screens show it.
const shown = (language: string, value: string) => {
  const reference = /^\$t\((\w+)\.(\w+)\.(\w+)\)$/.exec(value);
  if (!reference) return value;
  const [, namespace, group, key] = reference;
  return texts(language, namespace!)[group!]![key!]!;
};

describe('CSV labels', () => {
  it.each(LANGUAGES)('name statuses, components and roles in %s as the screens do', (language) => {
    const tasks = texts(language, 'tasks');
    const resolve = (labels: Record<string, string>) =>
      Object.fromEntries(Object.entries(labels).map(([code, label]) => [code, shown(language, label)]));
    expect(TASK_CSV_TEXTS[language].status).toEqual(resolve(tasks.status!));
    expect(TASK_CSV_TEXTS[language].component).toEqual(resolve(tasks.components!));
    expect(USER_CSV_TEXTS[language].roles).toEqual(texts(language, 'users').roles);
    expect(TASK_CSV_TEXTS[language].columns.rope).toBe(texts(language, 'common').fields!.rope);
    expect(TASK_CSV_TEXTS[language].columns.title).toBe(texts(language, 'common').fields!.title);
    expect(TASK_CSV_TEXTS[language].columns.description).toBe(texts(language, 'common').fields!.description);
  });
});
