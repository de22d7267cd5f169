import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The answer to a 409 on save: the address belongs to another user. */
export function EmailExistsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('users.emailExists.title')}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <Text size="sm">{t('users.emailExists.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          {t('common.actions.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
