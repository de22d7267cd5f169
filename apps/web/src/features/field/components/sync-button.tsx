import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../../../components/deferred-tooltip';
import { SyncIcon } from '../../../components/icons';
import { OpenedOnce } from '../../../components/opened-once';
import { useOutbox } from '../../../lib/outbox-context';

const SyncPanel = lazy(() => import('./sync-panel').then((module) => ({ default: module.SyncPanel })));

/** The header's count of entries not yet synced, opening the sync panel; absent while nothing waits. */
export function SyncButton() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  const [opened, panel] = useDisclosure(false);
  const count = outbox.entries.length;
  if (count === 0 && !opened) return null;
  const label = t('field.outbox.button', { count });
  return (
    <>
      <DeferredTooltip label={label}>
        <Indicator
          label={count}
          size={16}
          color={outbox.entries.some((e) => e.state !== 'waiting') ? 'red' : 'orange'}
          disabled={count === 0}
        >
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={panel.open}>
            <SyncIcon />
          </ActionIcon>
        </Indicator>
      </DeferredTooltip>
      <OpenedOnce open={opened}>
        <SyncPanel opened={opened} onClose={panel.close} />
      </OpenedOnce>
    </>
  );
}
