import { LANGUAGES, type Language } from '../languages.ts';
import { TASK_EXPORT_COLUMNS, type TaskCsvTextBook } from './csv-texts.ts';
import { INSPECTION_TYPES, TASK_COMPONENTS, TASK_STATUSES } from './kinds.ts';

// Headers and labels compared without case, accents, ß and extra blanks: "Fallig", "FÄLLIG" and "Fällig" are one.
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replaceAll('ß', 'ss')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
    .toLowerCase();

/** Every way a code may be written: itself or its text in any of the four languages. */
function namesOf<T extends string>(codes: readonly T[], labels?: (language: Language) => Record<T, string>) {
  const byName = new Map<string, T>();
  for (const code of codes) {
    byName.set(folded(code), code);
    if (labels) for (const language of LANGUAGES) byName.set(folded(labels(language)[code]), code);
  }
  return (text: string) => byName.get(folded(text));
}

/** How an upload reads a header or a label, whatever the language it is written in. */
function readersOf(texts: TaskCsvTextBook) {
  const column = namesOf(TASK_EXPORT_COLUMNS, (language) => texts[language].columns);
  return {
    // A header cell by its name, or by its name without the time zone an export adds ("Fällig (Europe/Zurich)").
    column: (header: string) => column(header) ?? column(header.replace(/\s*\([^()]*\)\s*$/, '')),
    status: namesOf(TASK_STATUSES, (language) => texts[language].status),
    component: namesOf(TASK_COMPONENTS, (language) => texts[language].component),
    inspectionType: namesOf(INSPECTION_TYPES),
  };
}
export type TaskCsvReaders = ReturnType<typeof readersOf>;

const readersByBook = new WeakMap<TaskCsvTextBook, TaskCsvReaders>();
/** The readers of a text book, built once per book: an upload of many files reads with the same maps. */
export function taskCsvReaders(texts: TaskCsvTextBook): TaskCsvReaders {
  let readers = readersByBook.get(texts);
  if (!readers) {
    readers = readersOf(texts);
    readersByBook.set(texts, readers);
  }
  return readers;
}
