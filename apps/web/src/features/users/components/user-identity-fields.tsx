import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EMAIL_MAX_LENGTH, JOB_FUNCTIONS, USER_TEXT_MAX } from '@rope/domain/users/fields';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import type { UserFormValues } from '../user-form';
import { selectProps } from './select-props';

/** Who the person is: address, name, phone and job function (cells of the dialog's grid). */
export function UserIdentityFields({ form }: { form: UseFormReturnType<UserFormValues> }) {
  const { t } = useTranslation();
  const functions = JOB_FUNCTIONS.map((value) => ({ value, label: t(`users.functions.${value}`) }));
  return (
    <>
      <LimitedTextInput
        label={t('common.fields.email')}
        type="email"
        autoComplete="off"
        withAsterisk
        limit={EMAIL_MAX_LENGTH}
        data-autofocus
        {...form.getInputProps('email')}
      />
      <LimitedTextInput
        label={t('users.form.phone')}
        type="tel"
        limit={USER_TEXT_MAX}
        placeholder={t('users.form.phonePlaceholder')}
        {...form.getInputProps('phone')}
      />
      <LimitedTextInput label={t('users.form.firstname')} limit={USER_TEXT_MAX} {...form.getInputProps('firstname')} />
      <LimitedTextInput label={t('users.form.lastname')} limit={USER_TEXT_MAX} {...form.getInputProps('lastname')} />
      <Select
        label={t('users.form.function')}
        placeholder={t('users.form.functionNone')}
        data={functions}
        clearable
        {...selectProps(form, 'function')}
      />
    </>
  );
}
