import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@rope/domain/users/fields';
import { useTranslation } from 'react-i18next';
import { LimitedPasswordInput } from '../../../components/limited-password-input';
import type { UserFormValues } from '../user-form';

/** Required for a new password user; on an existing record an empty field keeps the password. */
export function UserPasswordField({ form, isNew }: { form: UseFormReturnType<UserFormValues>; isNew: boolean }) {
  const { t } = useTranslation();
  const rules = t('users.form.passwordRules', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  return (
    <LimitedPasswordInput
      label={t('common.fields.password')}
      withAsterisk={isNew && form.values.loginMethod === 'password'}
      autoComplete="new-password"
      limit={PASSWORD_MAX_LENGTH}
      description={isNew ? rules : `${t('users.form.passwordKeep')} ${rules}`}
      {...form.getInputProps('password')}
    />
  );
}
