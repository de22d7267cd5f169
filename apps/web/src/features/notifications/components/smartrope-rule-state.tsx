import { Alert, Badge, List, Loader, Stack, Text } from '@mantine/core';
import type { NotificationRule } from '@rope/domain/notifications/schemas';
import { useTranslation } from 'react-i18next';
import { WHOLE_BADGE } from '../../../components/status-badge';
import { useFormat } from '../../../lib/format';
import { useSmartropeThresholdState } from '../api';

/** Under the smartropeThreshold switch: per rope whether the rule is armed, and what fired it last. */
export function SmartropeRuleState({
  rule,
  installationId,
  ropeId,
}: {
  rule: NotificationRule;
  installationId: number;
  ropeId?: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const state = useSmartropeThresholdState(installationId, ropeId);
  if (state.isPending) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (state.isError) return <Alert color="red">{t('notifications.smartrope.loadError')}</Alert>;
  const { ropes, lastTrigger } = state.data;
  const device = lastTrigger?.device;
  return (
    <Stack gap={4} pl="xl" data-testid="smartrope-rule-state">
      <Text size="sm">{t('notifications.smartrope.threshold', { value: fmt.number(rule.threshold ?? 0) })}</Text>
      {ropes.length === 0 ? (
        <Text size="sm">{t('notifications.smartrope.noRopes')}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {ropes.map((entry) => (
            <List.Item key={entry.rope.id}>
              {entry.rope.name}:{' '}
              <Badge {...WHOLE_BADGE} size="sm" variant="light" color={entry.isArmed ? 'green' : 'orange'}>
                {entry.isArmed
                  ? t('notifications.smartrope.armed')
                  : rule.reset
                    ? t('notifications.smartrope.firedReset')
                    : t('notifications.smartrope.firedOnce')}
              </Badge>
              {entry.lastValue === null
                ? null
                : ` ${t('notifications.smartrope.lastValue', { value: fmt.number(entry.lastValue) })}`}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" data-testid="smartrope-last-trigger">
        {!lastTrigger
          ? t('notifications.smartrope.neverTriggered')
          : device
            ? t('notifications.smartrope.lastTriggerDevice', {
                at: fmt.dateTime(lastTrigger.triggeredAt),
                rope: lastTrigger.rope?.name ?? '–',
                smartrope: device.smartrope.name,
                sensor: device.sensorName,
                value: device.value === null ? '–' : fmt.number(device.value),
                measuredAt: fmt.dateTime(device.measuredAt * 1000),
              })
            : t('notifications.smartrope.lastTrigger', {
                at: fmt.dateTime(lastTrigger.triggeredAt),
                text: lastTrigger.text,
              })}
      </Text>
    </Stack>
  );
}
