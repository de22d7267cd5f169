import { List, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LogDialog } from '../../../components/log-dialog';
import { type Formatters, useFormat } from '../../../lib/format';
import { useEventHistory } from '../api';
import { type HistoryChange, historyRows } from '../history-diff';

const ACTIONS = ['create', 'update', 'archive', 'restore'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

function formatValue(t: TFunction, fmt: Formatters, change: HistoryChange, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('common.noValue');
  switch (change.field) {
    case 'type':
      return t(`enums.eventTypes.${value as 'wireBreak'}`);
    case 'recordingType':
      return t(`enums.recordingTypes.${value as 'damage'}`);
    case 'actionStatus':
      return t(`enums.actionStatuses.${value as 'new'}`);
    case 'crossSectionLossUnit':
      return t(`events.units.${value as 'percent'}`);
    case 'mutationRelevance':
      return t(`events.relevance.${value as 'relevant'}`);
    case 'detection':
      return t(`events.detection.${value as 'manual'}`);
    case 'timestamp':
      return fmt.dateTime(String(value));
    case 'splices':
      return t('events.history.splices', { count: Array.isArray(value) ? value.length : 0 });
    default:
      if (typeof value !== 'number') return String(value);
      return change.field === 'position' || change.field === 'positionEnd' ? fmt.position(value) : fmt.number(value, 3);
  }
}

/** Who changed the event when, and what changed, one row per save (GET /events/{id}/history). */
export function HistoryDialog({ eventId, onClose }: { eventId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const history = useEventHistory(eventId);
  const rows = history.data ? historyRows(history.data).reverse() : [];
  return (
    <LogDialog
      opened={eventId !== null}
      onClose={onClose}
      title={t('events.history.title')}
      loading={history.isPending && eventId !== null}
      loadingLabel={t('events.history.loading')}
      loadError={history.isError ? t('events.history.loadError') : null}
      count={history.data ? rows.length : undefined}
      columns={[
        t('events.history.timestamp'),
        t('common.fields.user'),
        t('events.history.action'),
        t('events.history.changes'),
      ]}
      minWidth={560}
      table={{ striped: true }}
    >
      {rows.map(({ entry, changes }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: history rows never reorder
        <Table.Tr key={index}>
          <Table.Td>{fmt.dateTime(entry.timestamp)}</Table.Td>
          <Table.Td>{entry.user.name}</Table.Td>
          <Table.Td>{isAction(entry.action) ? t(`events.history.actions.${entry.action}`) : entry.action}</Table.Td>
          <Table.Td>
            {changes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {entry.action === 'create' ? t('events.history.created') : t('events.history.noChange')}
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {changes.map((change) => (
                  <List.Item key={change.field}>
                    {t('events.history.change', {
                      field: t(`events.fields.${change.field}`),
                      before: formatValue(t, fmt, change, change.before),
                      after: formatValue(t, fmt, change, change.after),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </LogDialog>
  );
}
