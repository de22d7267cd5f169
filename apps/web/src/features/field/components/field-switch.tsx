import { Button, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import type { FieldChoice } from '../../../lib/device-store';
import { useFieldChoices } from '../field-state';
import { reportFailure } from '../report-failure';

interface FieldSwitchProps {
  kind: FieldChoice['kind'];
  id: number;
  name: string;
}

/**
 * "Available offline": the rope, or every rope of the installation, kept on this device for the field. A toggle
 * button (aria-pressed), not a switch: the rope page's first download already carries the button. What is kept is
 * said in its tooltip and to screen readers, so the header row keeps the height of its buttons.
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
  const description = t('field.choice.description');
  const descriptionId = `field-choice-${kind}-${id}`;
  return (
    <>
      <VisuallyHidden id={descriptionId}>{description}</VisuallyHidden>
      <DeferredTooltip label={description} multiline w={280}>
        <Button
          variant={kept ? 'light' : 'default'}
          aria-pressed={kept}
          aria-describedby={descriptionId}
          disabled={!cache}
          loading={busy}
          onClick={() => void change()}
          leftSection={<span aria-hidden="true">{kept ? '✓' : '○'}</span>}
        >
          {kind === 'rope' ? t('field.choice.rope') : t('field.choice.installation')}
        </Button>
      </DeferredTooltip>
    </>
  );
}
