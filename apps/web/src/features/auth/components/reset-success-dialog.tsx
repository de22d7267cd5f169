import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ResetSuccessDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function ResetSuccessDialog({ opened, onClose }: ResetSuccessDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      title={t('auth.resetSuccess.title')}
      centered
    >
      <Text size="sm">{t('auth.resetSuccess.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('auth.login.submit')}
        </Button>
      </Group>
    </Modal>
  );
}
