import { AUTH_MESSAGES } from '@rope/domain/auth-messages';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@rope/domain/user-fields';
import { validationMessageKey } from '@rope/domain/validation-messages';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

type AuthMessageKey = keyof typeof AUTH_MESSAGES;

const authKeyByText = new Map<string, AuthMessageKey>(
  Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, key as AuthMessageKey]),
);

/** The numbers the validation texts mention, for their {{placeholders}}. */
export const VALIDATION_VALUES = {
  minPasswordLength: PASSWORD_MIN_LENGTH,
  maxPasswordLength: PASSWORD_MAX_LENGTH,
  maxEmailLength: EMAIL_MAX_LENGTH,
  maxTextLength: 45,
};

/**
 * The API answers the domain's English texts; known ones are shown in the user's language, any other text
 * (a server's own message) as it is.
 */
export function translateMessage(t: TFunction, message: string): string {
  const authKey = authKeyByText.get(message);
  if (authKey) return t(`auth.messages.${authKey}`);
  const validationKey = validationMessageKey(message);
  if (validationKey) return t(`validation.${validationKey}`, VALIDATION_VALUES);
  return message;
}

/** A @mantine/form rule from a domain schema: the first issue's text, translated, or null when valid. */
export function schemaRule<T>(schema: z.ZodType<T>, t: TFunction) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    if (result.success) return null;
    return translateMessage(t, result.error.issues[0]?.message ?? '');
  };
}

/**
 * The text for a failed call: a 4xx answer carries the server's message (shown, translated when known);
 * a network failure or a server error shows the given fallback.
 */
export function failureText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return translateMessage(t, error.message);
  return fallback;
}
