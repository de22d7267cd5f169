import type { TFunction } from 'i18next';
import { translateMessage } from '../auth/messages';
import { type FormIssue, formPath } from './event-form';

/** The event rules' English texts (packages/domain event-forms.ts), each with its key in events.validation. */
const EVENT_MESSAGES = [
  ['futureTimestamp', /^The event cannot lie in the future$/],
  ['repairPieceRange', /^A repair piece needs a start and an end position$/],
  ['lengthChangeSign', /^A shortening is negative, an extension positive$/],
  ['spliceEndsBeforeStart', /^The splice ends before it starts$/],
  ['typeMismatch', /^Type \S+ is not a \S+ type$/],
  ['mutationsNotAllowed', /^Mutations are recorded for stranded ropes and track ropes only$/],
  ['importedReadOnly', /^Imported events cannot be changed$/],
] as const;
export type EventMessageKey = (typeof EVENT_MESSAGES)[number][0];

export function eventMessageKey(message: string): EventMessageKey | undefined {
  return EVENT_MESSAGES.find(([, pattern]) => pattern.test(message))?.[0];
}

/** A message from the domain or the server in the user's language; an unknown server text as it is. */
export function eventMessageText(t: TFunction, message: string): string {
  const key = eventMessageKey(message);
  return key ? t(`events.validation.${key}`) : translateMessage(t, message);
}

/** One schema issue as the field shows it: the rule's text, or a text for zod's own checks by their code. */
export function issueText(t: TFunction, issue: FormIssue): string {
  if (eventMessageKey(issue.message) || issue.code === 'custom' || issue.code === 'required') {
    return eventMessageText(t, issue.message);
  }
  if (issue.code === 'too_small' && issue.minimum !== undefined) {
    return t('events.validation.min', { min: issue.minimum });
  }
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    return t('events.validation.max', { max: issue.maximum });
  }
  if (issue.code === 'invalid_format') return t('events.validation.invalidDate');
  if (issue.code === 'invalid_value') return t('validation.selectRequired');
  if (issue.code === 'invalid_type') return t('events.validation.invalidNumber');
  return eventMessageText(t, issue.message);
}

/** Form errors by input path, the first issue per path. */
export function issuesToErrors(t: TFunction, issues: readonly FormIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issueText(t, issue);
  return errors;
}

/** The server's `fields` ("ropeEvent.attributes.type": text) on the dialog's inputs. */
export function serverFieldErrors(t: TFunction, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [formPath(path), eventMessageText(t, message)]),
  );
}
