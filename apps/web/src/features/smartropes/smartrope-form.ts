import {
  type SmartropeBody,
  type SmartropeEventPatch,
  type SmartropePatch,
  smartropeBodySchema,
  smartropeEventPatchSchema,
  smartropePatchSchema,
} from '@rope/domain/smartropes/schemas';
import type { SmartropeEventView, SmartropeView } from '@rope/domain/smartropes/views';
import type { DomainFormSpec } from '../../lib/domain-form';
import { rowKey } from '../sensors';

export interface SmartropeSensorRow {
  key: string;
  /** Absent for a sensor added in this form. */
  id?: number;
  name: string;
  unit: string;
}

export interface SmartropeFormValues {
  name: string;
  uuid: string;
  /** The rope's id as the picker holds it, null for none. */
  rope: string | null;
  sensors: SmartropeSensorRow[];
}

export function emptySmartropeSensor(): SmartropeSensorRow {
  return { key: rowKey(), name: '', unit: '' };
}

export function initialSmartropeValues(smartrope?: SmartropeView): SmartropeFormValues {
  return {
    name: smartrope?.name ?? '',
    uuid: smartrope?.uuid ?? '',
    rope: smartrope?.rope ? String(smartrope.rope.id) : null,
    sensors: (smartrope?.sensors ?? []).map((sensor) => ({ key: rowKey(), ...sensor })),
  };
}

/** The body of POST and PATCH alike: a sensor with its id changes that sensor, one without is added. */
export function toSmartropeInput(values: SmartropeFormValues): unknown {
  return {
    name: values.name,
    uuid: values.uuid,
    rope: values.rope ? { id: Number(values.rope) } : null,
    sensors: values.sensors.map((sensor) => ({
      ...(sensor.id !== undefined ? { id: sensor.id } : {}),
      name: sensor.name,
      unit: sensor.unit,
    })),
  };
}

export const smartropeCreateFormSpec: DomainFormSpec<SmartropeFormValues, SmartropeBody> = {
  schema: smartropeBodySchema,
  toInput: toSmartropeInput,
  entity: 'smartrope',
};

export const smartropePatchFormSpec: DomainFormSpec<SmartropeFormValues, SmartropePatch> = {
  schema: smartropePatchSchema,
  toInput: toSmartropeInput,
  entity: 'smartrope',
};

export interface EventAckValues {
  isAcknowledged: boolean;
  comment: string;
}

export function initialAckValues(event: SmartropeEventView): EventAckValues {
  return { isAcknowledged: event.attributes.isAcknowledged === true, comment: event.attributes.comment ?? '' };
}

/** Acknowledging and commenting touch only the event's attributes, which merge key by key. */
export const eventAckFormSpec: DomainFormSpec<EventAckValues, SmartropeEventPatch> = {
  schema: smartropeEventPatchSchema,
  toInput: (values) => ({ attributes: { isAcknowledged: values.isAcknowledged, comment: values.comment } }),
  entity: 'event',
  fieldOf: (path) => path.replace(/^attributes\./, ''),
};
