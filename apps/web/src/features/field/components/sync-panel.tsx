import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { useFormat } from '../../../lib/format';
import { useOutbox } from '../../../lib/outbox-context';
import { useOnline } from '../field-context';
import { entryFailure, entryTitle } from './outbox-entry-text';

/** What waits to be sent, what was refused and why, and when the device last synced. */
export function SyncPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const outbox = useOutbox();
  const discard = (id: string) =>
    confirmDelete({
      title: t('field.outbox.discardTitle'),
      message: t('field.outbox.discardConfirm'),
      confirmLabel: t('field.outbox.discard'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () => void outbox.discard(id),
    });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('field.outbox.title')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="last-synced">
            {outbox.lastSyncedAt
              ? t('field.outbox.lastSynced', { time: format.dateTime(outbox.lastSyncedAt) })
              : t('field.outbox.neverSynced')}
          </Text>
          <Button size="xs" onClick={() => void outbox.syncNow()} loading={outbox.syncing} disabled={!online}>
            {t('field.outbox.syncNow')}
          </Button>
        </Group>
        {outbox.entries.length === 0 ? <Text size="sm">{t('field.outbox.empty')}</Text> : null}
        {outbox.entries.map((entry) => (
          <Stack key={entry.id} gap={4} data-testid="outbox-entry" data-state={entry.state}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {entryTitle(t, entry)}
              </Text>
              <Badge color={entry.state === 'failed' ? 'red' : 'yellow'} variant="light">
                {entry.state === 'failed' ? t('field.outbox.failed') : t('field.outbox.waiting')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('field.outbox.made', { time: format.dateTime(entry.createdAt) })}
            </Text>
            {entryFailure(t, entry).map((line) => (
              <Text key={line} size="sm" c="red.8">
                {line}
              </Text>
            ))}
            {entry.state === 'failed' ? (
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => void outbox.retry(entry.id)} disabled={!online}>
                  {t('field.outbox.resend')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => discard(entry.id)}>
                  {t('field.outbox.discard')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}
