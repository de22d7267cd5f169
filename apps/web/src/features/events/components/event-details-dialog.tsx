import { Modal, Table } from '@mantine/core';
import type { RopeEventView } from '@rope/domain/events/views';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { eventLossPct } from '@rope/domain/ropes/cross-section';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { EventPosition } from './event-position';

interface EventDetailsDialogProps {
  rope: RopeView;
  event: RopeEventView | null;
  onClose: () => void;
}

/** The event at a glance: what the table leaves out, read-only. */
export function EventDetailsDialog({ rope, event, onClose }: EventDetailsDialogProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const number = (value: number | undefined, digits = 3) =>
    value === undefined ? undefined : fmt.number(value, digits);
  const a = event?.attributes;
  const loss = a ? eventLossPct(a, rope.attributes) : 0;
  const rows: [string, ReactNode][] = a
    ? [
        [t('common.fields.timestamp'), fmt.dateTime(a.timestamp)],
        [t('events.fields.recordingType'), t(`enums.recordingTypes.${a.recordingType}`)],
        [t('common.fields.type'), t(`enums.eventTypes.${a.type}`)],
        [
          t('common.fields.position'),
          event ? (
            <EventPosition key="position" event={event} positionOffset={rope.attributes.positionOffset ?? 0} />
          ) : undefined,
        ],
        [t('events.fields.positionEnd'), a.positionEnd === undefined ? undefined : fmt.position(a.positionEnd)],
        [t('common.fields.status'), t(`enums.actionStatuses.${a.actionStatus}`)],
        [t('events.fields.damageCount'), number(a.damageCount)],
        [
          t('events.fields.crossSectionLossAmount'),
          a.crossSectionLossAmount === undefined
            ? undefined
            : `${number(a.crossSectionLossAmount)} ${t(`events.units.${a.crossSectionLossUnit ?? 'percent'}`)}`,
        ],
        [t('events.details.lossPct'), loss > 0 ? t('common.percent', { value: number(loss, 2) }) : undefined],
        [t('events.fields.detection'), a.detection ? t(`events.detection.${a.detection}`) : undefined],
        [t('events.fields.lengthChange'), number(a.lengthChange)],
        [
          t('events.fields.mutationRelevance'),
          a.mutationRelevance ? t(`events.relevance.${a.mutationRelevance}`) : undefined,
        ],
        [t('events.fields.operationHours'), number(a.operationHours)],
        [t('common.fields.bendingCycles'), number(a.bendingCycles, 0)],
        [t('events.fields.splices'), a.splices?.length ? String(a.splices.length) : undefined],
        [t('common.fields.description'), a.description],
        [t('events.fields.reportedBy'), a.reportedBy?.name],
        [t('events.details.imported'), a.isImported ? t('common.yes') : t('common.no')],
        [t('common.fields.documents'), String(event?.documentCount ?? 0)],
        [t('events.details.createdAt'), event ? fmt.dateTime(event.createdAt) : undefined],
      ]
    : [];
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={t('events.details.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <Table variant="vertical" withTableBorder aria-label={t('events.details.title')}>
        <Table.Tbody>
          {rows
            .filter(([, value]) => value !== undefined && value !== '')
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{label}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
