import { type Language, labelsByCode, type TranslateKey } from '../languages.ts';
import { TASK_COMPONENTS, TASK_STATUSES } from './kinds.ts';

/** The columns a task file may have: the ones an upload reads, then the ones only the export writes. */
export const TASK_IMPORT_COLUMNS = [
  'ropeId',
  'title',
  'description',
  'status',
  'dueAt',
  'dueCycles',
  'component',
  'inspectionType',
] as const;
export const TASK_EXPORT_COLUMNS = [
  'ropeId',
  'rope',
  'installation',
  'area',
  'title',
  'description',
  'status',
  'dueAt',
  'dueCycles',
  'pastDue',
  'component',
  'inspectionType',
  'assignees',
  'createdAt',
] as const;
export type TaskCsvColumn = (typeof TASK_EXPORT_COLUMNS)[number];

/** A task file's headers and labels in one language. Inspection types are written by their codes in every language. */
export interface TaskCsvTexts {
  columns: Record<TaskCsvColumn, string>;
  status: Record<(typeof TASK_STATUSES)[number], string>;
  component: Record<(typeof TASK_COMPONENTS)[number], string>;
  /** The example task of the template. */
  example: { title: string; description: string };
}

/**
 * The texts of task files in every language: an upload reads the headers and labels of each, so a file travels
 * between colleagues; an export and the template write the reader's.
 */
export type TaskCsvTextBook = Record<Language, TaskCsvTexts>;

/**
 * A task file's texts in the language of `t`: the headers from the locale files' `csv` texts, statuses and
 * components as the task screens name them.
 */
export function taskCsvTexts(t: TranslateKey): TaskCsvTexts {
  return {
    columns: labelsByCode(TASK_EXPORT_COLUMNS, t, 'csv.tasks.columns'),
    status: labelsByCode(TASK_STATUSES, t, 'tasks.status'),
    component: labelsByCode(TASK_COMPONENTS, t, 'tasks.components'),
    example: { title: t('csv.tasks.example.title'), description: t('csv.tasks.example.description') },
  };
}
