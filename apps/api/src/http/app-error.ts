import { type ErrorCode, HTTP_STATUS_BY_ERROR_CODE } from '@rope/domain/errors';
import { englishText, issueMessage, type Message, message } from '@rope/domain/messages';
import type { z } from 'zod';

/**
 * A message by a rule's key: the answer carries the key, its parameters and its English text. `text` replaces the
 * key's English where the words are another's, e.g. zod's for its plain checks; a bare string does not type-check,
 * so every answer can be shown in the user's language.
 */
export type ErrorText = Message & { text?: string };

const textOf = (text: ErrorText) => text.text ?? englishText(text);
const keyOf = (text: ErrorText): Message => (text.params ? { key: text.key, params: text.params } : { key: text.key });

/** zod issues as the fields of an answer, the first issue per path: zod's English text and the rule's key. */
export function issueFields(
  issues: readonly z.core.$ZodIssue[],
  pathOf: (issue: z.core.$ZodIssue) => string,
): Record<string, ErrorText> {
  const fields: Record<string, ErrorText> = {};
  for (const issue of issues) fields[pathOf(issue)] ??= { ...issueMessage(issue), text: issue.message };
  return fields;
}

/** An error meant for the client: its code, message and field messages are sent as they are. */
export class AppError extends Error {
  readonly status: number;
  /** The message's key and parameters. */
  readonly key: Message;
  readonly fields?: Record<string, string>;
  /** Each field message's key and parameters. */
  readonly fieldKeys?: Record<string, Message>;
  readonly #fieldTexts?: Record<string, ErrorText>;

  constructor(
    readonly code: ErrorCode,
    message: ErrorText,
    fields?: Record<string, ErrorText>,
    readonly headers?: Record<string, string>,
    /** Further keys of the answer body, e.g. `{ passwordExpired: true }`; code, message and fields win. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(textOf(message));
    this.status = HTTP_STATUS_BY_ERROR_CODE[code];
    this.key = keyOf(message);
    if (fields) {
      this.#fieldTexts = fields;
      this.fields = Object.fromEntries(Object.entries(fields).map(([path, text]) => [path, textOf(text)]));
      this.fieldKeys = Object.fromEntries(Object.entries(fields).map(([path, text]) => [path, keyOf(text)]));
    }
  }

  /** The message and fields as plain data (a worker thread's answer), from which the same AppError is made again. */
  get parts(): AppErrorParts {
    const message = { ...this.key, text: this.message };
    return this.#fieldTexts ? { code: this.code, message, fields: this.#fieldTexts } : { code: this.code, message };
  }
}

export interface AppErrorParts {
  code: ErrorCode;
  message: ErrorText;
  fields?: Record<string, ErrorText>;
}

/** 404 with a rule's message: the web shows it in the user's language. */
export const notFound = (what: Message = message('app.errors.notFound')) => new AppError('NOT_FOUND', what);
/** 403 with a rule's message: the web shows it in the user's language. */
export const forbidden = (what: Message = message('app.errors.forbidden')) => new AppError('FORBIDDEN', what);

/** 400 for fields at fault: the message names the first field, its key is that field's. */
export function validationError(fields: Record<string, ErrorText>): AppError {
  const [first] = Object.entries(fields);
  if (!first) return new AppError('VALIDATION', message('app.errors.invalidInput'));
  const [path, text] = first;
  return new AppError('VALIDATION', { ...text, text: `${path}: ${textOf(text)}` }, fields);
}
