import { MantineProvider } from '@mantine/core';
import { checkLoginForm } from '@rope/domain/auth/account-checks';
import { message } from '@rope/domain/message';
import { mandatorBodySchema } from '@rope/domain/users/forms';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-us';
import deValidation from '../i18n/locales/de-DE/validation.json';
import { ApiError } from './api-client';
import {
  checkForm,
  type DomainForm,
  type DomainFormSpec,
  formField,
  serverFieldTexts,
  useDomainForm,
} from './domain-form';

interface Values {
  name: string;
  days: string;
  agreed: boolean;
}

const spec: DomainFormSpec<Values, { name: string; passwordExpiryDays?: number | null }> = {
  schema: mandatorBodySchema,
  toInput: (values) => ({
    name: values.name,
    passwordExpiryDays: values.days === '' ? undefined : Number(values.days),
  }),
  entity: 'mandator',
  fieldOf: (path) => (path === 'passwordExpiryDays' ? 'days' : path),
  rules: (values) => ({ agreed: values.agreed ? undefined : message('validation.selectRequired') }),
};

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'de-DE',
    fallbackLng: 'en-US',
    resources: { 'en-US': { translation: enUS }, 'de-DE': { translation: { validation: deValidation } } },
    interpolation: { escapeValue: false },
  });
});

interface ProbeProps {
  initialValues: Values;
  onForm: (form: DomainForm<Values, unknown>) => void;
}

/** A component that holds the form and hands the hook's answer out. */
function Probe({ initialValues, onForm }: ProbeProps) {
  onForm(useDomainForm({ initialValues, ...spec }));
  return null;
}

/** Renders the form once. */
function renderForm(initialValues: Values): DomainForm<Values, unknown> {
  let captured: DomainForm<Values, unknown> | undefined;
  const probe = createElement(Probe, {
    initialValues,
    onForm: (form) => {
      captured = form;
    },
  });
  renderToString(createElement(I18nextProvider, { i18n }, createElement(MantineProvider, null, probe)));
  if (!captured) throw new Error('the form did not render');
  return captured;
}

describe('the domain form', () => {
  it('checks the values with the domain schema and the form’s rules, the rules first', () => {
    expect(checkForm(spec, { name: ' ', days: '4000', agreed: false })).toEqual({
      ok: false,
      messages: {
        agreed: { key: 'validation.selectRequired' },
        name: { key: 'validation.required', english: 'A value needs to be provided for the field' },
        days: {
          key: 'validation.expiryDaysRange',
          params: { min: 1, max: 3650 },
          english: 'Enter a whole number of days from 1 to 3650',
        },
      },
    });
    expect(checkForm(spec, { name: ' Alpin ', days: '', agreed: true })).toEqual({ ok: true, data: { name: 'Alpin' } });
  });

  it('checks with a zod-free check of the domain where one is given, with its English words', () => {
    const login = { validate: checkLoginForm };
    expect(checkForm(login, { username: ' ', password: '' })).toEqual({
      ok: false,
      messages: { username: { key: 'validation.required', english: 'A value needs to be provided for the field' } },
    });
    expect(checkForm(login, { username: ' demo ', password: 'x' })).toEqual({
      ok: true,
      data: { username: 'demo', password: 'x' },
    });
  });

  it('maps the API’s paths onto the form’s fields', () => {
    expect(formField(spec, 'body.mandator.passwordExpiryDays')).toBe('days');
    expect(formField(spec, 'mandator.name')).toBe('name');
    expect(formField(spec, 'name')).toBe('name');
  });

  it('validates in the user’s language through Mantine’s form', () => {
    const { form } = renderForm({ name: '', days: '90', agreed: true });
    expect(form.validate().errors).toEqual({ name: deValidation.required });
  });

  it('puts a refused call’s fields on the inputs by key, and says when there are none', () => {
    const { showServerErrors } = renderForm({ name: 'Alpin', days: '90', agreed: true });
    const refused = new ApiError(
      400,
      'VALIDATION',
      'mandator.passwordExpiryDays: ...',
      { 'mandator.passwordExpiryDays': 'Enter a whole number of days from 1 to 3650' },
      {},
      { fieldKeys: { 'mandator.passwordExpiryDays': message('validation.expiryDaysRange', { min: 1, max: 3650 }) } },
    );
    expect(showServerErrors(refused)).toBe(true);
    expect(serverFieldTexts(i18n.t, spec, refused as ApiError & { fields: Record<string, string> })).toEqual({
      days: 'Geben Sie eine ganze Zahl von 1 bis 3650 Tagen ein',
    });
    expect(showServerErrors(new ApiError(409, 'CONFLICT', 'Taken'))).toBe(false);
    expect(showServerErrors(new Error('offline'))).toBe(false);
  });
});
