import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openConfirmModal } from '../../../components/confirm-modal';
import { ArchiveIcon, RestoreIcon } from '../../../components/icons';

interface ArchiveButtonProps {
  /** In the archived list the button restores. */
  archived: boolean;
  name: string;
  kind: 'installation' | 'rope';
  onConfirm: () => void;
}

// Whole keys, so that the build sees which texts this code shows (build-plugins/texts-named.ts).
const ARCHIVE_TEXTS = {
  installation: { title: 'installations.archive.title', confirm: 'installations.archive.confirm' },
  rope: { title: 'ropes.archive.title', confirm: 'ropes.archive.confirm' },
} as const;

/** Archive (after a confirmation) or restore an installation or rope. */
export function ArchiveButton({ archived, name, kind, onConfirm }: ArchiveButtonProps) {
  const { t } = useTranslation();
  const label = archived ? t('common.actions.restoreItem', { name }) : t('common.actions.archiveItem', { name });
  const ask = () => {
    if (archived) {
      onConfirm();
      return;
    }
    openConfirmModal({
      title: t(ARCHIVE_TEXTS[kind].title),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.actions.cancel') },
      children: <Text size="sm">{t(ARCHIVE_TEXTS[kind].confirm, { name })}</Text>,
      labels: { confirm: t('common.actions.archive'), cancel: t('common.actions.cancel') },
      confirmProps: { color: 'orange', 'data-autofocus': true },
      onConfirm,
    });
  };
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={archived ? 'blue' : 'orange'}
        aria-label={label}
        onClick={(event) => {
          // The row behind opens the item on click; this button does not.
          event.stopPropagation();
          ask();
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        {archived ? <RestoreIcon /> : <ArchiveIcon />}
      </ActionIcon>
    </Tooltip>
  );
}
