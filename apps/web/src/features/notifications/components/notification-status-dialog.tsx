import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NotificationSettings, NotificationStatus } from '@rope/domain/notifications/schemas';
import { isMuted } from '@rope/domain/notifications/status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveNotificationStatus } from '../api';
import { ruleTypeLabel } from '../rule-type-label';
import { statusFor } from '../rules';
import { SmartropeRuleState } from './smartrope-rule-state';

interface NotificationStatusDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  installationId: number;
  /** Set for a rope's own status; the installation's otherwise. */
  ropeId?: number;
  settings: NotificationSettings | null;
  status: NotificationStatus;
  readOnly: boolean;
}

/** One switch per configured rule type; saving PUTs one entry per type. */
export function NotificationStatusDialog(props: NotificationStatusDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {props.opened ? <StatusEditor {...props} /> : null}
    </Modal>
  );
}

function StatusEditor({ onClose, installationId, ropeId, settings, status, readOnly }: NotificationStatusDialogProps) {
  const { t } = useTranslation();
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const save = useSaveNotificationStatus(installationId, ropeId);
  const rules = settings?.rules ?? [];
  const submit = () =>
    save.mutate(statusFor(settings, status, changed), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('notifications.status.saved') });
        onClose();
      },
      onError: () => notifications.show({ color: 'red', message: t('notifications.status.saveError') }),
    });
  return (
    <Stack gap="md">
      {rules.length === 0 ? (
        <Text c="dimmed">{t('notifications.status.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('notifications.status.intro')}
          </Text>
          {rules.map((rule) => (
            <Stack key={rule.type} gap={4}>
              <Switch
                label={ruleTypeLabel(t, rule.type)}
                checked={changed[rule.type] ?? !isMuted(status, rule.type)}
                disabled={readOnly}
                onChange={(event) => {
                  const isEnabled = event.currentTarget.checked;
                  setChanged((old) => ({ ...old, [rule.type]: isEnabled }));
                }}
              />
              {rule.type === 'smartropeThreshold' ? (
                <SmartropeRuleState rule={rule} installationId={installationId} ropeId={ropeId} />
              ) : null}
            </Stack>
          ))}
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        {readOnly || rules.length === 0 ? null : (
          <Button onClick={submit} loading={save.isPending}>
            {t('common.actions.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
