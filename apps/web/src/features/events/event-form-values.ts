import {
  type ACTION_STATUSES,
  EVENT_TYPES_BY_RECORDING,
  type EventType,
  type LOSS_UNITS,
  type LUBRICANT_CONDITIONS,
  type MUTATION_RELEVANCE,
  type RecordingType,
  type SPLICE_PART_TYPES,
} from '@rope/domain/events/kinds';
import type { RopeEventAttributes, Splice } from '@rope/domain/events/schemas';
import type { EventBody } from './api';
import { toLocalInput } from './datetime';

/** A number input's value: '' while empty (Mantine gives strings for partial input too). */
export type NumberValue = number | string;

export interface SplicePartValues {
  name: string;
  type: (typeof SPLICE_PART_TYPES)[number];
  position: NumberValue;
  length: NumberValue;
  diameterMin: NumberValue;
  diameterMax: NumberValue;
  brokenWireCount: NumberValue;
  looseWireCount: NumberValue;
  isTouchingStrands: boolean;
  isCorrosion: boolean;
  lubricantCondition: (typeof LUBRICANT_CONDITIONS)[number] | '';
  comment: string;
}

export interface SpliceValues {
  positionStart: NumberValue;
  positionEnd: NumberValue;
  strandCount: NumberValue;
  knotCount: NumberValue;
  tuckTailCount: NumberValue;
  tuckTailEndCount: NumberValue;
  parts: SplicePartValues[];
}

/** The dialog's values, shaped like the request so the schema's error paths name the inputs. */
export interface EventFormValues {
  isGlobal: boolean;
  position: NumberValue;
  attributes: {
    /** datetime-local text in the browser's time zone. */
    timestamp: string;
    recordingType: RecordingType;
    type: EventType;
    actionStatus: (typeof ACTION_STATUSES)[number];
    isImported: boolean;
    damageCount: NumberValue;
    crossSectionLossAmount: NumberValue;
    crossSectionLossUnit: (typeof LOSS_UNITS)[number] | '';
    positionEnd: NumberValue;
    lengthChange: NumberValue;
    mutationRelevance: (typeof MUTATION_RELEVANCE)[number] | '';
    operationHours: NumberValue;
    bendingCycles: NumberValue;
    detection: 'manual' | 'mrt' | '';
    description: string;
    reportedBy: string;
    splices: SpliceValues[];
  };
}

const num = (value: number | undefined): NumberValue => value ?? '';

/** '' and blanks are "not given"; anything else must be a number (NaN fails the schema, as it should). */
export function toNumber(value: NumberValue): number | undefined {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? undefined : Number(value.replace(',', '.'));
}

export function firstTypeOf(recordingType: RecordingType): EventType {
  return EVENT_TYPES_BY_RECORDING[recordingType][0];
}

export function typesOf(recordingType: RecordingType): readonly EventType[] {
  return EVENT_TYPES_BY_RECORDING[recordingType];
}

/** Repair pieces and section replacements cover a range: they need an end position. */
export function needsPositionEnd(type: EventType): boolean {
  return type === 'repairPiece' || type === 'sectionReplacement';
}

export function emptySplicePart(type: SplicePartValues['type'] = 'other'): SplicePartValues {
  return {
    name: '',
    type,
    position: '',
    length: '',
    diameterMin: '',
    diameterMax: '',
    brokenWireCount: '',
    looseWireCount: '',
    isTouchingStrands: false,
    isCorrosion: false,
    lubricantCondition: '',
    comment: '',
  };
}

export function emptySplice(): SpliceValues {
  return {
    positionStart: '',
    positionEnd: '',
    strandCount: '',
    knotCount: '',
    tuckTailCount: '',
    tuckTailEndCount: '',
    parts: [],
  };
}

function spliceValues(splice: Splice): SpliceValues {
  return {
    positionStart: splice.positionStart,
    positionEnd: splice.positionEnd,
    strandCount: num(splice.strandCount),
    knotCount: num(splice.knotCount),
    tuckTailCount: num(splice.tuckTailCount),
    tuckTailEndCount: num(splice.tuckTailEndCount),
    parts: splice.parts.map((part) => ({
      name: part.name,
      type: part.type,
      position: num(part.position),
      length: num(part.length),
      diameterMin: num(part.diameterMin),
      diameterMax: num(part.diameterMax),
      brokenWireCount: num(part.brokenWireCount),
      looseWireCount: num(part.looseWireCount),
      isTouchingStrands: part.isTouchingStrands ?? false,
      isCorrosion: part.isCorrosion ?? false,
      lubricantCondition: part.lubricantCondition ?? '',
      comment: part.comment ?? '',
    })),
  };
}

export interface NewEventDefaults {
  recordingType: RecordingType;
  reportedBy: string;
  now: Date;
}

/** The form for a stored or parsed event, or a new one of a recording type. */
export function initialEventValues(event: EventBody | undefined, defaults: NewEventDefaults): EventFormValues {
  const a: Partial<RopeEventAttributes> = event?.attributes ?? {};
  const recordingType = a.recordingType ?? defaults.recordingType;
  return {
    isGlobal: event ? event.position === null : recordingType === 'measurement',
    position: event?.position ?? '',
    attributes: {
      timestamp: toLocalInput(a.timestamp ?? defaults.now.toISOString()),
      recordingType,
      type: a.type ?? firstTypeOf(recordingType),
      actionStatus: a.actionStatus ?? 'new',
      isImported: a.isImported ?? false,
      damageCount: num(a.damageCount),
      crossSectionLossAmount: num(a.crossSectionLossAmount),
      crossSectionLossUnit: a.crossSectionLossUnit ?? 'percent',
      positionEnd: num(a.positionEnd),
      lengthChange: num(a.lengthChange),
      mutationRelevance: a.mutationRelevance ?? (recordingType === 'mutation' ? 'relevant' : ''),
      operationHours: num(a.operationHours),
      bendingCycles: num(a.bendingCycles),
      detection: a.detection ?? (recordingType === 'damage' ? 'manual' : ''),
      description: a.description ?? '',
      reportedBy: event ? (a.reportedBy?.name ?? '') : defaults.reportedBy,
      splices: (a.splices ?? []).map(spliceValues),
    },
  };
}
