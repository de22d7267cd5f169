import { Menu, UnstyledButton } from '@mantine/core';
import { ACTION_STATUSES } from '@rope/domain/events/kinds';
import type { RopeEventView } from '@rope/domain/events/views';
import { useTranslation } from 'react-i18next';
import { ActionStatusBadge } from '../../../components/status-badge';

type Status = (typeof ACTION_STATUSES)[number];

interface StatusCellProps {
  event: RopeEventView;
  /** Editable rope, event not imported and not archived: a click on the status changes it at once. */
  editable: boolean;
  onChange: (status: Status) => void;
}

export function StatusCell({ event, editable, onChange }: StatusCellProps) {
  const { t } = useTranslation();
  const status = event.attributes.actionStatus;
  const badge = <ActionStatusBadge status={status}>{t(`enums.actionStatuses.${status}`)}</ActionStatusBadge>;
  if (!editable) return badge;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('events.table.changeStatus', { status: t(`enums.actionStatuses.${status}`) })}
          onClick={(clicked) => clicked.stopPropagation()}
        >
          {badge}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {ACTION_STATUSES.map((value) => (
          <Menu.Item key={value} disabled={value === status} onClick={() => onChange(value)}>
            <ActionStatusBadge status={value}>{t(`enums.actionStatuses.${value}`)}</ActionStatusBadge>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
