import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { USER_TEXT_MAX } from '@rope/domain/user-forms';
import { EMAIL_MAX_LENGTH, JOB_FUNCTIONS } from '@rope/domain/users';
import { useTranslation } from 'react-i18next';
import type { UserFormValues } from '../user-form';
import { selectProps } from './select-props';

/** Who the person is: address, name, phone and job function (cells of the dialog's grid). */
export function UserIdentityFields({ form }: { form: UseFormReturnType<UserFormValues> }) {
  const { t } = useTranslation();
  const functions = JOB_FUNCTIONS.map((value) => ({ value, label: t(`users.functions.${value}`) }));
  return (
    <>
      <TextInput
        label={t('users.form.email')}
        type="email"
        autoComplete="off"
        withAsterisk
        maxLength={EMAIL_MAX_LENGTH}
        data-autofocus
        {...form.getInputProps('email')}
      />
      <TextInput
        label={t('users.form.phone')}
        type="tel"
        maxLength={USER_TEXT_MAX}
        placeholder={t('users.form.phonePlaceholder')}
        {...form.getInputProps('phone')}
      />
      <TextInput label={t('users.form.firstname')} maxLength={USER_TEXT_MAX} {...form.getInputProps('firstname')} />
      <TextInput label={t('users.form.lastname')} maxLength={USER_TEXT_MAX} {...form.getInputProps('lastname')} />
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
