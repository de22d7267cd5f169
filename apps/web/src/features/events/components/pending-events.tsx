import { Alert, Badge, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useOutbox } from '../../../lib/outbox-context';
import { photosWaitingFor } from '../../field';

interface QueuedEvent {
  ropeEvent: { position?: number | null; attributes: { type: string; timestamp: string } };
}

/** The events of this rope recorded on the device and not yet on the server (lib/outbox-context.ts). */
export function PendingEvents({ ropeId }: { ropeId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { entries } = useOutbox();
  const pending = entries.filter((entry) => entry.kind === 'createEvent' && entry.ropeId === ropeId);
  if (pending.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t('field.outbox.ropePending', { count: pending.length })}>
      <List size="sm" spacing={4} data-testid="pending-events">
        {pending.map((entry) => {
          const { position, attributes } = (entry.body as QueuedEvent).ropeEvent;
          const photos = photosWaitingFor(entries, entry.id);
          return (
            <List.Item key={entry.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  {format.dateTime(attributes.timestamp)} ·{' '}
                  {t(`enums.eventTypes.${attributes.type}` as 'enums.eventTypes.wireBreak')}
                  {position === null || position === undefined
                    ? ''
                    : ` · ${t('field.outbox.position', { position: format.number(position, 3) })}`}
                  {photos > 0 ? ` · ${t('field.outbox.photoCount', { count: photos })}` : ''}
                </Text>
                <Badge size="sm" color={entry.state === 'failed' ? 'red' : 'yellow'} variant="light">
                  {entry.state === 'failed' ? t('field.outbox.failed') : t('field.outbox.waiting')}
                </Badge>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
