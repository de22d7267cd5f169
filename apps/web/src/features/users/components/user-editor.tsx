import { SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type LanguageId, languageIdByLocale } from '@rope/domain/languages';
import type { UserCreate, UserUpdate } from '@rope/domain/users/forms';
import { hasProfilePicture } from '@rope/domain/users/policy';
import type { UserDetail } from '@rope/domain/users/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { openConfirmModal } from '../../../components/confirm-modal';
import { EditorFooter } from '../../../components/editor-footer';
import { ApiError } from '../../../lib/api-client';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useDeleteUser, useSaveUser } from '../api';
import {
  initialUserValues,
  isRole,
  lacksMandator,
  type NewUserDefaults,
  showsPassword,
  signsIn,
  type UserFormValues,
  userFormSpec,
} from '../user-form';
import { EmailExistsDialog } from './email-exists-dialog';
import { UserAccessFields, UserSwitches } from './user-access-fields';
import { UserIdentityFields } from './user-identity-fields';
import { UserPasswordField } from './user-password-field';
import { UserPictureField } from './user-picture-field';

interface UserEditorProps {
  /** The stored record; a new user without it. */
  user?: UserDetail;
  onDone: () => void;
  /** keepOpen: a new project manager, who may get a picture once the record exists. */
  onCreated: (id: number, keepOpen: boolean) => void;
}

export function UserEditor({ user, onDone, onCreated }: UserEditorProps) {
  const { t, i18n } = useTranslation();
  const sessionUser = useSessionUser();
  const canEditAny = useCan('USER_EDIT_ANY');
  const context = { isNew: !user, canEditAny, storedPhone: user?.phone };
  const save = useSaveUser();
  const remove = useDeleteUser();
  const [emailExists, setEmailExists] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialUserValues(user, newUserDefaults(i18n.resolvedLanguage, canEditAny, sessionUser?.mandators)),
    ...userFormSpec(context),
  });

  const submit = onSubmit((body, values) => {
    const store = () => saveUser(values, body);
    if (!lacksMandator(values)) return store();
    openConfirmModal({
      title: t('users.form.noMandator.title'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.actions.cancel') },
      children: <Text size="sm">{t('users.form.noMandator.message')}</Text>,
      labels: { confirm: t('users.form.noMandator.confirm'), cancel: t('users.form.noMandator.cancel') },
      confirmProps: { color: 'orange' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: store,
    });
  });

  const saveUser = (values: UserFormValues, body: UserCreate | UserUpdate) => {
    setFailure(null);
    save.mutate(
      { id: user?.id, user: body },
      {
        onSuccess: (id) => {
          notifications.show({ color: 'green', message: t('users.form.saved') });
          if (user) onDone();
          else onCreated(id, isRole(values.role) && hasProfilePicture({ roles: [values.role] }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setEmailExists(true);
          else if (!showServerErrors(error)) setFailure(failureText(t, error, t('common.tryLater')));
        },
      },
    );
  };

  const askDelete = (id: number) =>
    confirmDelete({
      title: t('users.delete.title'),
      message: t('users.delete.confirm'),
      confirmLabel: t('common.actions.delete'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('users.delete.done') });
            onDone();
          },
          onError: (error) =>
            setFailure(t('users.delete.error', { message: failureText(t, error, t('common.tryLater')) })),
        }),
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <UserIdentityFields form={form} />
          <UserAccessFields form={form} context={context} />
        </SimpleGrid>
        <UserSwitches form={form} />
        {signsIn(form.values.role) && showsPassword(form.values.loginMethod) ? (
          <UserPasswordField form={form} isNew={!user} />
        ) : null}
        {isRole(form.values.role) && hasProfilePicture({ roles: [form.values.role] }) ? (
          <UserPictureField user={user} />
        ) : null}
        <EditorFooter
          failure={failure}
          failureTitle={t('users.form.saveError')}
          saving={save.isPending}
          onDone={onDone}
          remove={
            user && canEditAny
              ? { label: t('users.delete.title'), onClick: () => askDelete(user.id), pending: remove.isPending }
              : undefined
          }
        />
      </Stack>
      <EmailExistsDialog opened={emailExists} onClose={() => setEmailExists(false)} />
    </form>
  );
}

/** A new user speaks the creator's language; a client admin's user starts as a client of their only mandator. */
function newUserDefaults(
  language: string | undefined,
  canEditAny: boolean,
  mandators: { id: number }[] = [],
): NewUserDefaults {
  const languageId: LanguageId = languageIdByLocale[language as keyof typeof languageIdByLocale] ?? 'ENU';
  if (canEditAny) return { languageId, role: '', mandators: [] };
  return { languageId, role: 'ROLE_USER', mandators: mandators.length === 1 ? mandators.map((m) => String(m.id)) : [] };
}
