import { alongFieldIssues } from '@rope/domain/common';
import { DEFAULT_PLOTLINE_COLOR } from '@rope/domain/sensors/limits';
import {
  type SensorDeviceBody,
  type SensorDevicePatch,
  sensorAttributesSchema,
  sensorDeviceBodySchema,
  sensorDevicePatchSchema,
} from '@rope/domain/sensors/schemas';
import type { SensorDeviceView, SensorView } from '@rope/domain/sensors/views';
import type { DomainFormSpec } from '../../lib/domain-form';
import { fromDateInput, toDateInput } from '../tasks';

/** A plotline as its row of inputs holds it: the position as typed. */
export interface PlotlineRow {
  key: string;
  name: string;
  position: string;
  color: string;
}

export interface ValueRow {
  key: string;
  fragment: string;
  name: string;
  unit: string;
  isEnabled: boolean;
  offset: string;
  trendlines: { min: boolean; max: boolean; avg: boolean; median: boolean };
}

export interface SensorRow {
  key: string;
  /** Absent for a sensor added in this form. */
  id?: number;
  name: string;
  isDeleted: boolean;
  attributes: {
    isEnabled: boolean;
    chartTitle: string;
    yMin: string;
    yMax: string;
    /** YYYY-MM-DD or ''. */
    startDate: string;
    plotlines: PlotlineRow[];
    values: ValueRow[];
  };
}

export interface DeviceAttributeValues {
  iccid: string;
  imei: string;
  firmware: string;
}

export interface SensorDeviceFormValues {
  name: string;
  /** The rope's id as the picker holds it, null for none. */
  rope: string | null;
  attributes: DeviceAttributeValues;
  sensors: SensorRow[];
}

let rowCount = 0;
/** A key for a row of a list of inputs, so React keeps each row's inputs when a row above goes. */
export function rowKey(): string {
  rowCount += 1;
  return `row-${rowCount}`;
}

/** A number as typed (a decimal comma too); empty is null, anything unreadable NaN, which the schema refuses. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const normalised = trimmed.replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

export function emptyPlotline(): PlotlineRow {
  return { key: rowKey(), name: '', position: '', color: DEFAULT_PLOTLINE_COLOR };
}

export function emptyValue(): ValueRow {
  return {
    key: rowKey(),
    fragment: '',
    name: '',
    unit: '',
    isEnabled: true,
    offset: '0',
    trendlines: { min: false, max: false, avg: false, median: false },
  };
}

export function emptySensor(): SensorRow {
  return {
    key: rowKey(),
    name: '',
    isDeleted: false,
    attributes: {
      isEnabled: true,
      chartTitle: '',
      yMin: '',
      yMax: '',
      startDate: '',
      plotlines: [],
      values: [emptyValue()],
    },
  };
}

function sensorRow(sensor: SensorView): SensorRow {
  const attributes = sensor.attributes;
  return {
    key: rowKey(),
    id: sensor.id,
    name: sensor.name,
    isDeleted: sensor.isDeleted,
    attributes: {
      isEnabled: attributes.isEnabled !== false,
      chartTitle: attributes.chartTitle ?? '',
      yMin: numberText(attributes.yMin),
      yMax: numberText(attributes.yMax),
      startDate: toDateInput(attributes.startDate),
      plotlines: (attributes.plotlines ?? []).map((line) => ({
        key: rowKey(),
        name: line.name,
        position: String(line.position),
        color: line.color,
      })),
      values: (attributes.values ?? []).map((value) => ({
        key: rowKey(),
        fragment: value.fragment,
        name: value.name,
        unit: value.unit,
        isEnabled: value.isEnabled !== false,
        offset: String(value.offset ?? 0),
        trendlines: {
          min: value.trendlines?.min === true,
          max: value.trendlines?.max === true,
          avg: value.trendlines?.avg === true,
          median: value.trendlines?.median === true,
        },
      })),
    },
  };
}

export function initialDeviceValues(device?: SensorDeviceView): SensorDeviceFormValues {
  return {
    name: device?.name ?? '',
    rope: device?.rope ? String(device.rope.id) : null,
    attributes: {
      iccid: device?.attributes.iccid ?? '',
      imei: device?.attributes.imei ?? '',
      firmware: device?.attributes.firmware ?? '',
    },
    sensors: (device?.sensors ?? []).map(sensorRow),
  };
}

/** A plotline row as the domain reads it: an empty row is dropped there, half a row is refused with its rule. */
export function plotlineInput(row: PlotlineRow): { name?: string; position: number | null; color: string } {
  const name = row.name.trim();
  return { ...(name ? { name } : {}), position: typedNumber(row.position), color: row.color };
}

const ropeInput = (rope: string | null) => (rope ? { id: Number(rope) } : null);

/**
 * A sensor's attributes for the PATCH: an emptied input is null, which removes the key from a stored sensor; a new
 * sensor has nothing to remove, so its empty inputs are left out.
 */
function sensorAttributesInput(row: SensorRow): Record<string, unknown> {
  const a = row.attributes;
  const startDate = a.startDate ? (fromDateInput(a.startDate) ?? a.startDate) : null;
  const attributes: Record<string, unknown> = {
    isEnabled: a.isEnabled,
    chartTitle: a.chartTitle.trim() || null,
    yMin: typedNumber(a.yMin),
    yMax: typedNumber(a.yMax),
    startDate,
    plotlines: a.plotlines.map(plotlineInput),
    values: a.values.map((value) => ({
      fragment: value.fragment.trim(),
      name: value.name.trim(),
      unit: value.unit.trim(),
      isEnabled: value.isEnabled,
      offset: typedNumber(value.offset) ?? 0,
      trendlines: value.trendlines,
    })),
  };
  if (row.id !== undefined) return attributes;
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null));
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** PATCH /sensor-devices/{id}: the whole form, every sensor in its order (the server changes only what differs). */
export function toDevicePatchInput(values: SensorDeviceFormValues): unknown {
  return {
    name: values.name,
    rope: ropeInput(values.rope),
    attributes: {
      iccid: textOrNull(values.attributes.iccid),
      imei: textOrNull(values.attributes.imei),
      firmware: textOrNull(values.attributes.firmware),
    },
    sensors: values.sensors.map((row) => ({
      ...(row.id !== undefined ? { id: row.id } : {}),
      name: row.name,
      isDeleted: row.isDeleted,
      attributes: sensorAttributesInput(row),
    })),
  };
}

/** POST /sensor-devices from the add dialog: name, rope and the device's attributes; sensors come on its page. */
export function toDeviceCreateInput(values: SensorDeviceFormValues): unknown {
  const attributes = Object.fromEntries(
    Object.entries(values.attributes)
      .map(([key, text]) => [key, text.trim()] as const)
      .filter(([, text]) => text !== ''),
  );
  return { name: values.name, rope: ropeInput(values.rope), attributes };
}

/**
 * The PATCH schema checks each field; a sensor's own rules over its fields (the y range) are the stored schema's, so
 * the form holds each sensor's attributes to that schema too, the emptied keys left out as the merge leaves them out.
 */
const devicePatchFormSchema = sensorDevicePatchSchema.superRefine((patch, ctx) => {
  for (const [index, sensor] of (patch.sensors ?? []).entries()) {
    const present = Object.fromEntries(Object.entries(sensor.attributes ?? {}).filter(([, value]) => value !== null));
    const checked = sensorAttributesSchema.safeParse(present);
    if (checked.success) continue;
    for (const issue of checked.error.issues) {
      if (issue.code !== 'custom') continue;
      ctx.addIssue({ ...issue, path: ['sensors', index, 'attributes', ...issue.path] });
    }
  }
}, alongFieldIssues);

export const sensorDevicePatchFormSpec: DomainFormSpec<SensorDeviceFormValues, SensorDevicePatch> = {
  schema: devicePatchFormSchema,
  toInput: toDevicePatchInput,
  entity: 'sensorDevice',
};

export const sensorDeviceCreateFormSpec: DomainFormSpec<SensorDeviceFormValues, SensorDeviceBody> = {
  schema: sensorDeviceBodySchema,
  toInput: toDeviceCreateInput,
  entity: 'sensorDevice',
};

/**
 * A sensor's chart settings as its inputs hold them now, for the preview: whatever is readable yet, so the chart
 * follows the typing without waiting for a valid form (a half plotline or an upside-down y range is left out).
 */
export function previewAttributes(row: SensorRow): SensorView['attributes'] {
  const a = row.attributes;
  const finite = (text: string) => {
    const value = typedNumber(text);
    return value !== null && Number.isFinite(value) ? value : undefined;
  };
  let yMin = finite(a.yMin);
  let yMax = finite(a.yMax);
  if (yMin !== undefined && yMax !== undefined && yMin >= yMax) {
    yMin = undefined;
    yMax = undefined;
  }
  return {
    isEnabled: a.isEnabled,
    chartTitle: a.chartTitle.trim() || undefined,
    yMin,
    yMax,
    startDate: a.startDate ? fromDateInput(a.startDate) : undefined,
    plotlines: a.plotlines.flatMap((line) => {
      const position = finite(line.position);
      const name = line.name.trim();
      return name && position !== undefined ? [{ name, position, color: line.color }] : [];
    }),
    values: a.values.map((value) => ({
      fragment: value.fragment,
      name: value.name.trim(),
      unit: value.unit.trim(),
      isEnabled: value.isEnabled,
      offset: finite(value.offset) ?? 0,
      trendlines: value.trendlines,
    })),
  };
}
