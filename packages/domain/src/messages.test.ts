import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passwordSchema } from './auth/passwords.ts';
import { areaMapSettingsSchema } from './hierarchy/schemas.ts';
import { englishText, issueMessage, keyed, MESSAGES, message, ruleIssue } from './messages.ts';
import { notificationSettingsBodySchema } from './notifications/rules.ts';
import { mandatorBodySchema, userCreateSchema } from './users/forms.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? [];
const messagesOf = (schema: z.ZodType, value: unknown) =>
  issuesOf(schema, value).map((issue) => ({ path: issue.path.join('.'), ...issueMessage(issue), text: issue.message }));

describe('rule messages', () => {
  it('fills the English text with the parameters', () => {
    expect(englishText(message('validation.passwordMinLength', { min: 8 }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(englishText(message('validation.between', { min: 0, max: 100 }))).toBe('Between 0 and 100');
    expect(englishText(message('validation.required'))).toBe(MESSAGES['validation.required']);
  });

  it('tags zod’s own checks, refinements and custom issues with key, parameters and English text', () => {
    const schema = z
      .object({
        name: z.string(keyed('validation.required')).min(1, keyed('validation.required')),
        count: z.number().max(5, keyed('validation.max', { max: 5 })),
        year: z.number().refine(
          (year) => year < 2000,
          keyed('validation.yearRange', () => ({ min: 1800, max: 1999 })),
        ),
      })
      .superRefine((value, ctx) => {
        if (value.count === 4)
          ctx.addIssue({ code: 'custom', path: ['count'], ...ruleIssue('validation.nonUniqueType') });
      });
    expect(messagesOf(schema, { count: 6, year: 2001 })).toEqual([
      { path: 'name', key: 'validation.required', text: 'A value needs to be provided for the field' },
      { path: 'count', key: 'validation.max', params: { max: 5 }, text: 'At most 5' },
      {
        path: 'year',
        key: 'validation.yearRange',
        params: { min: 1800, max: 1999 },
        text: 'Enter a year from 1800 to 1999',
      },
    ]);
    expect(messagesOf(schema, { name: 'a', count: 4, year: 1990 })).toEqual([
      { path: 'count', key: 'validation.nonUniqueType', text: 'Non unique type' },
    ]);
  });

  it('names zod’s plain checks by their kind', () => {
    const schema = z.object({
      text: z.string().max(3),
      empty: z.string().min(1),
      amount: z.number().min(2),
      positive: z.number().positive(),
      typed: z.number(),
      missing: z.number(),
      choice: z.enum(['a', 'b']),
      list: z.array(z.string()).min(1),
      when: z.iso.datetime(),
      mail: z.email(),
    });
    const byPath = Object.fromEntries(
      issuesOf(schema, {
        text: 'abcd',
        empty: '',
        amount: 1,
        positive: 0,
        typed: Number.NaN,
        choice: 'c',
        list: [],
        when: 'yesterday',
        mail: 'nobody',
      }).map((issue) => [issue.path.join('.'), issueMessage(issue)]),
    );
    expect(byPath).toEqual({
      text: { key: 'validation.textTooLong', params: { max: 3 } },
      empty: { key: 'validation.required' },
      amount: { key: 'validation.min', params: { min: 2 } },
      positive: { key: 'validation.positive' },
      typed: { key: 'validation.invalidNumber' },
      missing: { key: 'validation.required' },
      choice: { key: 'validation.selectRequired' },
      list: { key: 'validation.selectRequired' },
      when: { key: 'validation.invalidDateTime' },
      mail: { key: 'validation.emailInvalid' },
    });
  });

  it('gives the domain’s rules their keys and keeps their English texts', () => {
    expect(messagesOf(passwordSchema, 'short1')).toEqual([
      {
        path: '',
        key: 'validation.passwordMinLength',
        params: { min: 8 },
        text: 'Password must be at least 8 characters',
      },
    ]);
    expect(messagesOf(userCreateSchema, { email: 'a@b.ch', loginMethod: 'saml', password: 'rope-2024!' })).toEqual([
      {
        path: 'samlProvider',
        key: 'validation.samlProviderRequired',
        text: 'A SAML provider needs to be selected for single sign-on',
      },
    ]);
    expect(messagesOf(userCreateSchema, { email: `${'x'.repeat(40)}@b.chx` })[0]).toMatchObject({
      key: 'validation.emailTooLong',
      params: { max: 45 },
    });
    expect(messagesOf(mandatorBodySchema, { name: 'M', passwordExpiryDays: 4000 })).toEqual([
      {
        path: 'passwordExpiryDays',
        key: 'validation.expiryDaysRange',
        params: { min: 1, max: 3650 },
        text: 'Enter a whole number of days from 1 to 3650',
      },
    ]);
    const map = { isMap: true, mapBaseLayers: [], mapDefaultBaseLayer: 'openStreetMap', latlng: null };
    expect(messagesOf(areaMapSettingsSchema, { ...map, mapZoom: 3.05 }).map((entry) => entry.key)).toEqual([
      'validation.zoomRange',
      'validation.baseLayerRequired',
    ]);
    expect(
      messagesOf(notificationSettingsBodySchema, {
        channels: [],
        users: [],
        rules: [{ type: 'ropeHealth', threshold: 120, reset: true }],
      }),
    ).toEqual([
      { path: 'channels', key: 'validation.channelRequired', text: MESSAGES['validation.channelRequired'] },
      { path: 'users', key: 'validation.recipientRequired', text: MESSAGES['validation.recipientRequired'] },
      { path: 'rules.0.threshold', key: 'validation.between', params: { min: 0, max: 100 }, text: 'Between 0 and 100' },
    ]);
  });

  it('ignores parameters of custom issues that name no known key', () => {
    const schema = z.string().refine(() => false, { message: 'Nope', params: { key: 'no.such.key' } });
    expect(issueMessage(issuesOf(schema, 'x')[0]!)).toEqual({ key: 'validation.invalid' });
  });
});
