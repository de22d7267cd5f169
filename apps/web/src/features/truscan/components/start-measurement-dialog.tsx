import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TRUSCAN_REASON_MAX_LENGTH } from '@rope/domain/truscan/figures';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextarea } from '../../../components/limited-textarea';
import { failureText } from '../../../lib/failure-text';
import { useRequestMeasurement } from '../api';

/**
 * Start measurement: the operator says why and confirms; once the server took the request the dialog says
 * 'Measurement Requested' with OK.
 */
export function StartMeasurementDialog({
  ropeId,
  opened,
  onClose,
}: {
  ropeId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const request = useRequestMeasurement(ropeId);
  const close = () => {
    onClose();
    setReason('');
    setTouched(false);
    request.reset();
  };
  const missing = touched && reason.trim() === '';
  return (
    <Modal opened={opened} onClose={close} title={t('truscan.start.title')} centered>
      {request.isSuccess ? (
        <Stack>
          <Text fw={600} role="status">
            {t('truscan.start.requested')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('common.actions.ok')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (reason.trim() !== '') request.mutate(reason.trim());
          }}
        >
          <Stack>
            <Text size="sm">{t('truscan.start.confirm')}</Text>
            <LimitedTextarea
              label={t('truscan.start.reason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              limit={TRUSCAN_REASON_MAX_LENGTH}
              withAsterisk
              autosize
              minRows={2}
              error={missing ? t('validation.required') : undefined}
              data-autofocus
            />
            {request.isError && (
              <Alert color="red" role="alert">
                {failureText(t, request.error, t('truscan.start.failed'))}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" loading={request.isPending}>
                {t('truscan.start.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
