import { buildCsv, type SheetReader, zonedHeader } from '@rope/domain/csv';
import type { RopeEventView } from '@rope/domain/events/views';
import { datumPosition } from '@rope/domain/ropes/effective-events';
import type { TFunction } from 'i18next';

/**
 * The rope's events as its table lists them (same filters), as a CSV file for the reader's Excel: the table's columns
 * and labels in the session's language, datum positions and bending cycles as numbers, times in the reader's zone.
 */
export function eventsCsv(
  events: readonly RopeEventView[],
  positionOffset: number,
  t: TFunction,
  reader: SheetReader,
): string {
  const header = [
    zonedHeader(t('common.fields.timestamp'), reader),
    t('events.fields.recordingType'),
    t('common.fields.type'),
    t('common.fields.position'),
    t('common.fields.status'),
    t('common.fields.bendingCycles'),
    t('common.fields.description'),
  ];
  const rows = events.map(({ attributes, ...event }) => [
    new Date(attributes.timestamp),
    t(`enums.recordingTypes.${attributes.recordingType}`),
    t(`enums.eventTypes.${attributes.type}`),
    event.position === null ? t('events.table.global') : datumPosition({ ...event, attributes }, positionOffset),
    t(`enums.actionStatuses.${attributes.actionStatus}`),
    attributes.bendingCycles,
    attributes.description,
  ]);
  return buildCsv(reader, header, rows);
}
