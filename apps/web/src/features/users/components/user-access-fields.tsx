import { Group, MultiSelect, Select, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGES, languageIdByLocale } from '@rope/domain/languages';
import { LOGIN_METHODS, TWO_FACTOR_METHODS } from '@rope/domain/users/fields';
import { assignableRoles } from '@rope/domain/users/policy';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session/session';
import { useSamlProviders } from '../api';
import { useMandatorOptions } from '../use-mandator-options';
import { allowedLoginMethods, showsMandators, signsIn, type UserFormContext, type UserFormValues } from '../user-form';
import { selectProps } from './select-props';

interface UserAccessFieldsProps {
  form: UseFormReturnType<UserFormValues>;
  context: UserFormContext;
}

/** What the person may do and how they sign in (cells of the dialog's grid). */
export function UserAccessFields({ form, context }: UserAccessFieldsProps) {
  const { t } = useTranslation();
  const sessionUser = useSessionUser();
  const { values } = form;
  const roleEditable = context.isNew || context.canEditAny;
  const roles = sessionUser ? assignableRoles(sessionUser) : [];
  const roleOptions = [...new Set([...roles, ...(values.role && !roleEditable ? [values.role] : [])])].map((role) => ({
    value: role,
    label: t(`users.roles.${role as (typeof roles)[number]}`),
  }));
  const mandators = useMandatorOptions(showsMandators(values.role));
  const providers = useSamlProviders(signsIn(values.role) && values.loginMethod === 'saml');
  const allowed = allowedLoginMethods(values.role, values.email);
  const loginMethods = LOGIN_METHODS.map((method) => ({
    value: method,
    label: t(`users.loginMethods.${method}`),
    disabled: !allowed.includes(method) && method !== values.loginMethod,
  }));
  const languages = LANGUAGES.map((language) => ({
    value: languageIdByLocale[language],
    label: t(`language.names.${language}`),
  }));
  const twoFactor = TWO_FACTOR_METHODS.map((method) => ({
    value: method,
    label: t(`enums.twoFactorMethods.${method}`),
  }));

  return (
    <>
      <Select
        label={t('common.fields.role')}
        data={roleOptions}
        withAsterisk={roleEditable}
        disabled={!roleEditable}
        allowDeselect={false}
        {...selectProps(form, 'role')}
      />
      {showsMandators(values.role) ? (
        <MultiSelect
          label={t('common.fields.mandators')}
          data={mandators.options}
          withAsterisk={!context.canEditAny}
          searchable
          nothingFoundMessage={mandators.loading ? t('common.loading') : t('users.form.noMandators')}
          {...form.getInputProps('mandators')}
        />
      ) : null}
      {signsIn(values.role) ? (
        <>
          <Select
            label={t('users.form.loginMethod')}
            data={loginMethods}
            allowDeselect={false}
            withAsterisk
            {...selectProps(form, 'loginMethod')}
          />
          {values.loginMethod === 'saml' ? (
            <Select
              label={t('users.form.samlProvider')}
              data={(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name }))}
              withAsterisk
              nothingFoundMessage={providers.isPending ? t('common.loading') : t('users.form.noProviders')}
              {...selectProps(form, 'samlProvider')}
            />
          ) : null}
          <Select
            label={t('users.form.twoFactorMethod')}
            placeholder={t('enums.twoFactorMethods.none')}
            data={twoFactor}
            clearable
            {...selectProps(form, 'twoFactorMethod')}
          />
        </>
      ) : null}
      <Select label={t('language.label')} data={languages} allowDeselect={false} {...selectProps(form, 'languageId')} />
    </>
  );
}

/** Notifications and the active flag, side by side under the grid. */
export function UserSwitches({ form }: { form: UseFormReturnType<UserFormValues> }) {
  const { t } = useTranslation();
  return (
    <Group gap="xl">
      <Switch
        label={t('users.form.notificationEnabled')}
        {...form.getInputProps('notificationEnabled', { type: 'checkbox' })}
      />
      <Switch label={t('common.fields.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </Group>
  );
}
