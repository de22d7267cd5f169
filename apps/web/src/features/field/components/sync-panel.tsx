import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import type { OutboxEntry } from '../../../lib/device-store';
import { useFormat } from '../../../lib/format';
import { useOutbox } from '../../../lib/outbox-context';
import { useOnline } from '../field-state';
import { photosWaitingFor } from '../photo-entry';
import { entryDetails, entryFailure, entryTitle, entryVersions } from './outbox-entry-text';

const BADGE_COLORS = { waiting: 'yellow', failed: 'red', conflict: 'orange' } as const;

/**
 * What waits to be sent, what was refused and why, what was changed on the server meanwhile (both versions and the
 * user's choice), and when the device last synced.
 */
export function SyncPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const online = useOnline();
  const outbox = useOutbox();
  // An event's photos go with it (Outbox.discard): the question says so.
  const discard = (id: string) => {
    const photos = photosWaitingFor(outbox.entries, id);
    confirmDelete({
      title: t('field.outbox.discardTitle'),
      message: photos > 0 ? t('field.outbox.discardWithPhotos', { count: photos }) : t('field.outbox.discardConfirm'),
      confirmLabel: t('field.outbox.discard'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () => void outbox.discard(id),
    });
  };
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
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" fw={600}>
                {entryTitle(t, entry)}
              </Text>
              <Badge color={BADGE_COLORS[entry.state]} variant="light" style={{ flexShrink: 0 }}>
                {t(`field.outbox.${entry.state}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('field.outbox.made', { time: format.dateTime(entry.createdAt) })}
            </Text>
            {entryDetails(t, entry, format).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
            {entryFailure(t, entry).map((line) => (
              <Text key={line} size="sm" c="red.8">
                {line}
              </Text>
            ))}
            {entry.state === 'conflict' ? <ConflictChoice entry={entry} /> : null}
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

/** Both versions of an entry changed on the server meanwhile, and the choice between them. */
function ConflictChoice({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const outbox = useOutbox();
  return (
    <Stack gap={4} data-testid="outbox-conflict">
      {entryVersions(t, entry).map((line, index) => (
        <Text key={line} size="sm" fw={index === 0 ? 600 : undefined}>
          {line}
        </Text>
      ))}
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => void outbox.resolve(entry.id, 'mine')}>
          {t('field.outbox.keepMine')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => void outbox.resolve(entry.id, 'theirs')}>
          {t('field.outbox.takeTheirs')}
        </Button>
      </Group>
    </Stack>
  );
}
