import { passwordSchema } from '@rope/domain/auth/passwords';
import { MESSAGE_KEYS, MESSAGES } from '@rope/domain/messages';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-us';
import deValidation from '../i18n/locales/de-DE/validation.json';
import { ApiError } from './api-client';
import { issueText } from './field-problems';
import { messageText, serverFieldText } from './messages';

const i18n = i18next.createInstance();
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]);

function englishOf(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], enUS);
}

beforeAll(async () => {
  await i18n.init({
    lng: 'de-DE',
    fallbackLng: 'en-US',
    resources: { 'en-US': { translation: enUS }, 'de-DE': { translation: { validation: deValidation } } },
    interpolation: { escapeValue: false },
  });
});

describe('rule messages in the user’s language', () => {
  it('has a text for every key of the domain, naming only parameters the rule gives', () => {
    for (const key of MESSAGE_KEYS) {
      const text = englishOf(key);
      expect(typeof text, key).toBe('string');
      const given = placeholders(MESSAGES[key]);
      for (const name of placeholders(text as string)) expect(given, `${key} {{${name}}}`).toContain(name);
    }
  });

  it('translates a key with its parameters, in the chosen language', () => {
    const t = i18n.t;
    expect(messageText(t, { key: 'validation.passwordMinLength', params: { min: 8 } })).toBe(
      'Das Passwort muss mindestens 8 Zeichen lang sein',
    );
    expect(messageText(t, { key: 'validation.required' })).toBe(deValidation.required);
  });

  it('shows the English text of a key this client does not know', () => {
    expect(messageText(i18n.t, { key: 'validation.fromTheFuture' }, 'A newer rule')).toBe('A newer rule');
  });

  it('translates a schema issue and a refused field by their keys', () => {
    const issue = passwordSchema.safeParse(' blank1234').error!.issues[0]!;
    expect(issueText(i18n.t, issue)).toBe(deValidation.passwordBlankEdges);
    const refused = new ApiError(
      400,
      'VALIDATION',
      'x',
      { 'user.email': 'Please enter a valid email address', 'user.other': 'Only in English' },
      {},
      { fieldKeys: { 'user.email': { key: 'validation.emailInvalid' } } },
    );
    expect(serverFieldText(i18n.t, refused, 'user.email')).toBe(deValidation.emailInvalid);
    expect(serverFieldText(i18n.t, refused, 'user.other')).toBe('Only in English');
  });
});
