import { Alert, Box, Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isApiRole } from '@rope/domain/access/actor';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/session/session';
import { useUser } from '../api';
import { ApiKeysSection } from './api-keys-section';
import { UserEditor } from './user-editor';

export type UserDialogTarget = { mode: 'new' } | { mode: 'edit'; id: number };

interface UserDialogProps {
  target: UserDialogTarget | null;
  onClose: () => void;
  /** After creating a project manager the dialog stays open on the new record, for the picture. */
  onTargetChange: (target: UserDialogTarget) => void;
}

export function UserDialog({ target, onClose, onTargetChange }: UserDialogProps) {
  const { t } = useTranslation();
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const user = useUser(editId);
  const canManageKeys = useCan('API_KEY_MANAGE');
  // The long form gets the whole screen on phones (below the sm breakpoint).
  const phone = useMediaQuery('(max-width: 48em)');
  const waiting = editId !== undefined && user.isPending;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? t('users.form.titleEdit') : t('users.add')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {waiting ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : null}
      {editId !== undefined && user.isError ? <Alert color="red">{t('users.form.loadError')}</Alert> : null}
      {target?.mode === 'new' ? (
        <UserEditor
          key="new"
          onDone={onClose}
          onCreated={(id, keepOpen) => (keepOpen ? onTargetChange({ mode: 'edit', id }) : onClose())}
        />
      ) : null}
      {editId !== undefined && user.data ? (
        <UserEditor key={editId} user={user.data} onDone={onClose} onCreated={onClose} />
      ) : null}
      {editId !== undefined && user.data?.roles.some(isApiRole) && canManageKeys ? (
        <Box mt="xl">
          <ApiKeysSection userId={editId} />
        </Box>
      ) : null}
    </Modal>
  );
}
