import type { TFunction } from 'i18next';
import { translateMessage } from '../auth/messages';
import type { TaskFormIssue } from './task-form';

/** The task rules' English texts (packages/domain task-rules.ts), each with its key in tasks.validation. */
const TASK_MESSAGES = [
  ['dueConditionPeriod', /^A due condition cannot be a period$/],
  ['onePeriod', /^Only one period can be set$/],
  ['internalNotAllowed', /^Only admins and project managers may mark a task internal$/],
  ['internalAssignees', /^An internal task goes to internal users only$/],
  ['externalAssignees', /^An external task goes to external users only$/],
  ['notAssignable', /^Assignees must be people who can see this rope$/],
] as const;

export function taskMessageKey(message: string) {
  return TASK_MESSAGES.find(([, pattern]) => pattern.test(message))?.[0];
}

/** A message from the domain or the server in the user's language; an unknown server text as it is. */
export function taskMessageText(t: TFunction, message: string): string {
  const key = taskMessageKey(message);
  return key ? t(`tasks.validation.${key}`) : translateMessage(t, message);
}

/** One schema issue as the field shows it. */
export function taskIssueText(t: TFunction, issue: TaskFormIssue): string {
  if (issue.code === 'custom') return taskMessageText(t, issue.message);
  if (issue.code === 'too_big' && issue.maximum !== undefined) return t('tasks.validation.max', { max: issue.maximum });
  if (issue.code === 'too_small') {
    return issue.path.endsWith('threshold') || issue.path.endsWith('Threshold')
      ? t('tasks.validation.positive')
      : t('validation.required');
  }
  if (issue.code === 'invalid_value') return t('validation.selectRequired');
  if (issue.code === 'invalid_type') return t('validation.required');
  if (issue.code === 'invalid_format') return t('tasks.validation.invalidDate');
  return taskMessageText(t, issue.message);
}

/** Form errors by input path, the first issue per path. */
export function taskIssuesToErrors(t: TFunction, issues: readonly TaskFormIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= taskIssueText(t, issue);
  return errors;
}
