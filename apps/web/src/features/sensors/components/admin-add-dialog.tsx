import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminKind } from '../admin-kind';

/** The dialog that registers an admin record; its form is made fresh each time it opens. */
export function AdminAddDialog({
  kind,
  opened,
  onClose,
  children,
}: {
  kind: AdminKind;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t(`${kind.texts}.add`)}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {opened ? children : null}
    </Modal>
  );
}

/** The form of an add dialog: the record's fields, why adding failed, cancel and add. */
export function AdminAddForm({
  kind,
  onSubmit,
  onCancel,
  adding,
  failure,
  children,
}: {
  kind: AdminKind;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  adding: boolean;
  failure: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        {failure ? (
          <Alert color="red" title={t(`${kind.texts}.saveError`)}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={adding}>
            {t('common.actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
