import { Button, Checkbox, Code, Group, SimpleGrid, Stack } from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@rope/domain/webhooks/event-types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypeLabel } from '../webhook-display';

interface EventTypesFieldProps {
  value: WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  error?: ReactNode;
}

const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** What an endpoint subscribes to: each event type by its name, with the `type` its payload carries. */
export function EventTypesField({ value, onChange, error }: EventTypesFieldProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('webhooks.fields.eventTypes')}
      description={t('webhooks.fields.eventTypesHint')}
      value={value}
      onChange={(chosen) => onChange(WEBHOOK_EVENT_TYPES.filter((type) => chosen.filter(isEventType).includes(type)))}
      error={error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        <Group gap="xs">
          <Button size="compact-sm" variant="subtle" onClick={() => onChange([...WEBHOOK_EVENT_TYPES])}>
            {t('webhooks.fields.selectAll')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange([])}>
            {t('webhooks.fields.selectNone')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              value={type}
              label={eventTypeLabel(t, type)}
              description={<Code fz="xs">{type}</Code>}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Checkbox.Group>
  );
}
