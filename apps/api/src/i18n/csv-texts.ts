import { taskCsvTexts } from '@rope/domain/tasks/csv-texts';
import { userCsvTexts } from '@rope/domain/users/csv';
import { inEveryLanguage } from './locales.ts';

/** The task files' headers and labels in every language: an upload reads any of them. */
export const TASK_CSV_TEXTS = inEveryLanguage(taskCsvTexts);

/** The users screen's downloads' headers and role labels in every language. */
export const USER_CSV_TEXTS = inEveryLanguage(userCsvTexts);
