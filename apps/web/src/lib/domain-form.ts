import { type UseFormReturnType, useForm } from '@mantine/form';
import type { Checked } from '@rope/domain/auth/account-checks';
import { englishText } from '@rope/domain/message-keys';
import { issueMessage } from '@rope/domain/messages';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ApiError } from './api-client';
import { hasFieldErrors, type KeyedMessage, messageText, serverFieldText } from './messages';

/** A message on a form field: the key and parameters, and the English words it came with (zod's for plain checks). */
export interface FieldMessage extends KeyedMessage {
  english?: string;
}

/** Messages by form field path ("email", "attributes.splices.0.positionEnd"). */
export type FieldMessages = Record<string, FieldMessage>;

/** How a form's values meet the domain's rules: its schema, or a check of its own without zod. */
export type DomainFormSpec<Values, Output> = FormPaths & {
  /** Rules of the form itself, on inputs the schema does not see (a switch, two inputs of one value); they win a field. */
  rules?: (values: Values) => Partial<FieldMessages>;
} & (SchemaSpec<Values, Output> | ValidateSpec<Values, Output>);

interface FormPaths {
  /** The API's name of the entity in front of its field paths: "user" in "user.email". */
  entity?: string;
  /** The form field of a schema or server path (after `body.` and the entity); the path itself by default. */
  fieldOf?: (path: string) => string;
}

interface SchemaSpec<Values, Output> {
  /** The domain's schema of the request; a function where it depends on the values or on who edits. */
  schema: z.ZodType<Output> | ((values: Values) => z.ZodType<Output>);
  /** The schema's input from what the inputs hold (ids from select strings, absent fields for empty inputs, ...). */
  toInput: (values: Values) => unknown;
}

interface ValidateSpec<Values, Output> {
  /**
   * The domain's zod-free check of the values, where zod must not load with the form: the sign-in screen's forms
   * (`@rope/domain/account-checks`, held to their schemas by its test).
   */
  validate: (values: Values) => Checked<Output>;
}

export type FormCheck<Output> = { ok: true; data: Output } | { ok: false; messages: FieldMessages };

const REQUEST_PARTS = /^(body|querystring|params)\./;

/** The form field a schema issue's or the API's path belongs to. */
export function formField(spec: FormPaths, path: string): string {
  let field = path.replace(REQUEST_PARTS, '');
  if (spec.entity && (field === spec.entity || field.startsWith(`${spec.entity}.`))) {
    field = field.slice(spec.entity.length + 1);
  }
  return spec.fieldOf ? spec.fieldOf(field) : field;
}

/** The domain's verdict on the values with the form's own rules: one message per field. */
export function checkForm<Values, Output>(spec: DomainFormSpec<Values, Output>, values: Values): FormCheck<Output> {
  const messages: FieldMessages = {};
  // The form's own rules first: an empty input is "required" before the schema reads what it was sent as (NaN).
  for (const [field, message] of Object.entries(spec.rules?.(values) ?? {})) {
    if (message) messages[field] = message;
  }
  const verdict = 'validate' in spec ? checkedVerdict(spec, values) : schemaVerdict(spec, values);
  for (const [path, message] of verdict.ok ? [] : verdict.messages) messages[formField(spec, path)] ??= message;
  if (verdict.ok && Object.keys(messages).length === 0) return { ok: true, data: verdict.data };
  return { ok: false, messages };
}

type Verdict<Output> = { ok: true; data: Output } | { ok: false; messages: [path: string, FieldMessage][] };

function schemaVerdict<Values, Output>(spec: SchemaSpec<Values, Output>, values: Values): Verdict<Output> {
  const schema = typeof spec.schema === 'function' ? spec.schema(values) : spec.schema;
  const result = schema.safeParse(spec.toInput(values));
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    messages: result.error.issues.map((issue) => [
      issue.path.map(String).join('.'),
      { ...issueMessage(issue), english: issue.message },
    ]),
  };
}

function checkedVerdict<Values, Output>(spec: ValidateSpec<Values, Output>, values: Values): Verdict<Output> {
  const checked = spec.validate(values);
  if (checked.ok) return checked;
  return {
    ok: false,
    messages: Object.entries(checked.messages).map(([path, message]) => [
      path,
      { ...message, english: englishText(message) },
    ]),
  };
}

/** Messages in the user's language, by field. */
export function fieldTexts(t: TFunction, messages: FieldMessages): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([field, message]) => [field, messageText(t, message, message.english)]),
  );
}

/** A refused call's field messages on the form's fields, in the user's language. */
export function serverFieldTexts(
  t: TFunction,
  spec: FormPaths,
  error: ApiError & { fields: Record<string, string> },
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const path of Object.keys(error.fields)) texts[formField(spec, path)] ??= serverFieldText(t, error, path);
  return texts;
}

export interface DomainForm<Values, Output> {
  form: UseFormReturnType<Values>;
  /** The schema's verdict on the current or given values. */
  check: (values?: Values) => FormCheck<Output>;
  /**
   * A submit handler that checks the values and hands the schema's output on, or shows the problems (and calls
   * onInvalid, e.g. to say so where a long form's problem may be out of sight).
   */
  onSubmit: (
    handler: (data: Output, values: Values) => unknown,
    onInvalid?: () => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Puts a refused call's field messages on the fields; false when it names none (to be shown elsewhere). */
  showServerErrors: (error: unknown) => boolean;
}

/**
 * The one form of the app: a Mantine form checked by the domain's schema, its messages and the server's by key in
 * the user's language.
 */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own bound of form values
export function useDomainForm<Values extends Record<string, any>, Output>({
  initialValues,
  ...spec
}: DomainFormSpec<Values, Output> & { initialValues: Values }): DomainForm<Values, Output> {
  const { t } = useTranslation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const checked = checkForm(spec, values);
      return checked.ok ? {} : fieldTexts(t, checked.messages);
    },
  });
  return {
    form,
    check: (values = form.getValues()) => checkForm(spec, values),
    onSubmit: (handler, onInvalid) =>
      form.onSubmit(
        async (values) => {
          const checked = checkForm(spec, values);
          if (checked.ok) await handler(checked.data, values);
        },
        onInvalid ? () => onInvalid() : undefined,
      ),
    showServerErrors: (error) => {
      if (!hasFieldErrors(error)) return false;
      form.setErrors(serverFieldTexts(t, spec, error));
      return true;
    },
  };
}
