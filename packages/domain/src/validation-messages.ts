import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './user-fields.ts';

/**
 * The validation texts. Schemas use the English text as the zod message, so the API answers it as it is;
 * the web looks the text up here and shows `validation.<key>` in the user's language.
 */
export const VALIDATION_MESSAGES = {
  required: 'A value needs to be provided for the field',
  selectRequired: 'A value needs to be selected for the field',
  passwordBlankEdges: "Your password can't start or end with a blank space",
  passwordMinLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordMaxLength: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordWeak: 'Password must contain letters and at least one digit or symbol',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  textTooLong: 'At most 45 characters',
  phoneInvalid: 'Phone number may contain only digits, spaces, +, -, / and brackets',
  phoneCountryCode: 'Enter the number with its country code, e.g. +41 79 123 45 67',
  samlProviderRequired: 'A SAML provider needs to be selected for single sign-on',
  nonUniqueType: 'Non unique type',
  tokenInvalid: 'The link is invalid',
  channelRequired: 'Choose at least one channel for the rules to be sent on',
  recipientRequired: 'Choose at least one recipient for the rules to be sent to',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const byText = new Map<string, ValidationMessageKey>(
  Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [text, key as ValidationMessageKey]),
);

/** The key of a known validation text, for translating it; undefined for any other text. */
export function validationMessageKey(text: string): ValidationMessageKey | undefined {
  return byText.get(text);
}
