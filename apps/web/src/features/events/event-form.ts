import { type RopeEventBody, ropeEventBodySchema } from '@rope/domain/events/forms';
import type { Splice, SplicePart } from '@rope/domain/events/schemas';
import { message } from '@rope/domain/message';
import type { DomainFormSpec, FieldMessages } from '../../lib/domain-form';
import type { EventBody } from './api';
import { fromLocalInput } from './datetime';
import {
  type EventFormValues,
  needsPositionEnd,
  type SplicePartValues,
  type SpliceValues,
  toNumber,
} from './event-form-values';

export * from './event-form-values';

function partBody(part: SplicePartValues): SplicePart {
  return {
    name: part.name,
    type: part.type,
    position: toNumber(part.position),
    length: toNumber(part.length),
    diameterMin: toNumber(part.diameterMin),
    diameterMax: toNumber(part.diameterMax),
    brokenWireCount: toNumber(part.brokenWireCount),
    looseWireCount: toNumber(part.looseWireCount),
    isTouchingStrands: part.isTouchingStrands || undefined,
    isCorrosion: part.isCorrosion || undefined,
    lubricantCondition: part.lubricantCondition || undefined,
    comment: part.comment.trim() || undefined,
  };
}

/** A splice as the schema reads it; positions left empty are sent as NaN so the schema names the field. */
export function spliceBody(splice: SpliceValues): Splice {
  return {
    positionStart: toNumber(splice.positionStart) ?? Number.NaN,
    positionEnd: toNumber(splice.positionEnd) ?? Number.NaN,
    strandCount: toNumber(splice.strandCount),
    knotCount: toNumber(splice.knotCount),
    tuckTailCount: toNumber(splice.tuckTailCount),
    tuckTailEndCount: toNumber(splice.tuckTailEndCount),
    parts: splice.parts.map(partBody),
  };
}

/** The request body: only the fields that belong to the chosen recording type and type. */
export function toEventBody(values: EventFormValues): EventBody {
  const a = values.attributes;
  const isMutation = a.recordingType === 'mutation';
  const reportedBy = a.reportedBy.trim();
  return {
    position: values.isGlobal ? null : (toNumber(values.position) ?? null),
    attributes: {
      timestamp: fromLocalInput(a.timestamp),
      recordingType: a.recordingType,
      type: a.type,
      actionStatus: a.actionStatus,
      isImported: a.isImported,
      damageCount: isMutation ? undefined : toNumber(a.damageCount),
      crossSectionLossAmount: isMutation ? undefined : toNumber(a.crossSectionLossAmount),
      crossSectionLossUnit:
        isMutation || toNumber(a.crossSectionLossAmount) === undefined
          ? undefined
          : a.crossSectionLossUnit || undefined,
      positionEnd: needsPositionEnd(a.type) ? toNumber(a.positionEnd) : undefined,
      lengthChange: isMutation ? toNumber(a.lengthChange) : undefined,
      mutationRelevance: isMutation ? a.mutationRelevance || undefined : undefined,
      operationHours: isMutation ? undefined : toNumber(a.operationHours),
      bendingCycles: toNumber(a.bendingCycles),
      detection: a.recordingType === 'damage' ? a.detection || undefined : undefined,
      description: a.description.trim() || undefined,
      reportedBy: reportedBy ? { name: reportedBy } : undefined,
      splices: a.type === 'spliceInspection' ? a.splices.map(spliceBody) : undefined,
    },
  };
}

/** The event dialog on the domain's event rules, plus one of the form itself: a located event needs its position. */
export function eventFormSpec(ropeId: number): DomainFormSpec<EventFormValues, RopeEventBody> {
  return {
    schema: ropeEventBodySchema,
    toInput: (values) => ({ rope: { id: ropeId }, ...toEventBody(values) }),
    entity: 'ropeEvent',
    fieldOf: formPath,
    rules: (values) => {
      const messages: FieldMessages = {};
      const required = message('validation.required');
      if (!values.isGlobal && toNumber(values.position) === undefined) messages.position = required;
      if (values.attributes.type === 'spliceInspection') {
        values.attributes.splices.forEach((splice, index) => {
          for (const field of ['positionStart', 'positionEnd'] as const) {
            if (toNumber(splice[field]) === undefined) messages[`attributes.splices.${index}.${field}`] = required;
          }
        });
      }
      return messages;
    },
  };
}

/** Schema and server paths (after the entity) to the input they belong to. */
export function formPath(path: string): string {
  return path === 'attributes.reportedBy.name' ? 'attributes.reportedBy' : path;
}

/** Which tabs the dialog shows for the chosen recording type and type. */
export function eventTabs(values: EventFormValues): {
  specifics: boolean;
  mrt: boolean;
  splices: boolean;
  mutation: boolean;
} {
  const { recordingType, type } = values.attributes;
  return {
    specifics: recordingType !== 'mutation' && type !== 'mrtInspection' && type !== 'spliceInspection',
    mrt: type === 'mrtInspection',
    splices: type === 'spliceInspection',
    mutation: recordingType === 'mutation',
  };
}

const GENERAL_FIELDS = ['timestamp', 'recordingType', 'type', 'actionStatus', 'reportedBy'];

/** The tab an error path belongs to, so the tab can be marked; splice errors go to that splice's tab. */
export function tabOfError(path: string, values: EventFormValues): string {
  if (path === 'position' || path === 'isGlobal') return 'general';
  const splice = /^attributes\.splices\.(\d+)\./.exec(path);
  if (splice) return `splice-${splice[1]}`;
  const field = path.replace(/^attributes\./, '').split('.')[0] ?? '';
  if (GENERAL_FIELDS.includes(field)) return 'general';
  const tabs = eventTabs(values);
  if (field === 'description') return tabs.mrt ? 'mrt' : 'general';
  if (field === 'lengthChange' || field === 'mutationRelevance') return 'mutation';
  if (tabs.mutation) return field === 'positionEnd' ? 'mutation' : 'general';
  if (tabs.mrt) return 'mrt';
  return tabs.specifics ? 'specifics' : 'general';
}
