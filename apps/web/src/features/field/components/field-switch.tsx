import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldChoice } from '../../../lib/device-store';
import { reportFailure } from '../field-cache';
import { useFieldChoices } from '../field-context';

interface FieldSwitchProps {
  kind: FieldChoice['kind'];
  id: number;
  name: string;
}

/**
 * "Available offline": the rope, or every rope of the installation, kept on this device for the field. A toggle
 * button (aria-pressed), not a switch: the rope page's first download already carries the button.
 */
export function FieldSwitch({ kind, id, name }: FieldSwitchProps) {
  const { t } = useTranslation();
  const cache = useFieldChoices();
  const [busy, setBusy] = useState(false);
  const kept = cache?.chosen(kind, id) ?? false;
  const change = async () => {
    if (!cache) return;
    setBusy(true);
    try {
      if (kept) await cache.unchoose(kind, id);
      else await cache.choose(kind, id, name);
    } catch (error) {
      reportFailure(error);
      notifications.show({ color: 'red', message: t('field.choice.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={2} maw={360}>
      <Button
        variant={kept ? 'light' : 'default'}
        aria-pressed={kept}
        aria-describedby={`field-choice-${kind}-${id}`}
        disabled={!cache}
        loading={busy}
        onClick={() => void change()}
        leftSection={<span aria-hidden="true">{kept ? '✓' : '○'}</span>}
      >
        {kind === 'rope' ? t('field.choice.rope') : t('field.choice.installation')}
      </Button>
      <Text id={`field-choice-${kind}-${id}`} size="xs" c="dimmed">
        {t('field.choice.description')}
      </Text>
    </Stack>
  );
}
