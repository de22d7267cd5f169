import { englishText, message } from './messages.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './user-fields.ts';

/** English texts of some rules, for callers that do not answer keys yet; messages.ts holds them all by key. */
export const VALIDATION_MESSAGES = {
  required: englishText(message('validation.required')),
  selectRequired: englishText(message('validation.selectRequired')),
  passwordBlankEdges: englishText(message('validation.passwordBlankEdges')),
  passwordMinLength: englishText(message('validation.passwordMinLength', { min: PASSWORD_MIN_LENGTH })),
  passwordMaxLength: englishText(message('validation.passwordMaxLength', { max: PASSWORD_MAX_LENGTH })),
  passwordWeak: englishText(message('validation.passwordWeak')),
  emailInvalid: englishText(message('validation.emailInvalid')),
  emailTooLong: englishText(message('validation.emailTooLong', { max: EMAIL_MAX_LENGTH })),
  textTooLong: englishText(message('validation.textTooLong', { max: 45 })),
  phoneInvalid: englishText(message('validation.phoneInvalid')),
  phoneCountryCode: englishText(message('validation.phoneCountryCode')),
  samlProviderRequired: englishText(message('validation.samlProviderRequired')),
  nonUniqueType: englishText(message('validation.nonUniqueType')),
  channelRequired: englishText(message('validation.channelRequired')),
  recipientRequired: englishText(message('validation.recipientRequired')),
} as const;
