import { z } from 'zod';
import { alongFieldIssues, idSchema, isoDateTime, NAME_MAX_LENGTH, nameText } from '../common.ts';
import { ruleIssue } from '../messages.ts';
import { patchAttributesSchema } from '../patch-schemas.ts';
import { DEFAULT_PLOTLINE_COLOR } from './limits.ts';

export const sensorDeviceAttributesSchema = z
  .object({ iccid: z.string().max(32), imei: z.string().max(32), firmware: z.string().max(64) })
  .partial();

const trendlinesSchema = z
  .object({ min: z.boolean(), max: z.boolean(), avg: z.boolean(), median: z.boolean() })
  .partial();
export type Trendline = keyof z.infer<typeof trendlinesSchema>;
export const TRENDLINES = ['min', 'max', 'avg', 'median'] as const satisfies readonly Trendline[];

export const sensorValueSchema = z.object({
  fragment: z.string().max(64),
  name: z.string().max(NAME_MAX_LENGTH),
  unit: z.string().max(32),
  isEnabled: z.boolean().default(true),
  /** Added to every reading before it is shown (a calibration). */
  offset: z.number().finite().default(0),
  trendlines: trendlinesSchema.default({}),
});
export type SensorValue = z.infer<typeof sensorValueSchema>;

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** A plotline as it is stored and answered: a named horizontal line at a value of the chart. */
export const sensorPlotlineSchema = z.object({
  name: nameText,
  position: z.number().finite(),
  color: colorSchema.default(DEFAULT_PLOTLINE_COLOR),
});
export type SensorPlotline = z.infer<typeof sensorPlotlineSchema>;

/**
 * A plotline as a form sends it: a row left empty is dropped, a row with only a name or only a position is refused
 * (a plotline needs both once either is filled).
 */
const plotlineInputSchema = z
  .object({
    name: z.string().trim().max(NAME_MAX_LENGTH).optional(),
    position: z.number().finite().nullable().optional(),
    color: colorSchema.optional(),
  })
  .superRefine((line, ctx) => {
    const named = Boolean(line.name);
    const placed = line.position !== null && line.position !== undefined;
    if (named && !placed)
      ctx.addIssue({ code: 'custom', path: ['position'], ...ruleIssue('sensors.validation.plotlinePosition') });
    if (placed && !named)
      ctx.addIssue({ code: 'custom', path: ['name'], ...ruleIssue('sensors.validation.plotlineName') });
  });

const plotlinesSchema = z
  .array(plotlineInputSchema)
  .max(50)
  .transform((lines) =>
    lines.flatMap((line): SensorPlotline[] =>
      line.name && typeof line.position === 'number'
        ? [{ name: line.name, position: line.position, color: line.color ?? DEFAULT_PLOTLINE_COLOR }]
        : [],
    ),
  );

const sensorAttributesObject = z
  .object({
    isEnabled: z.boolean(),
    chartTitle: z.string().trim().max(NAME_MAX_LENGTH),
    yMin: z.number().finite(),
    yMax: z.number().finite(),
    /** The chart opens at this date when set (a sensor mounted later than the device). */
    startDate: isoDateTime,
    plotlines: plotlinesSchema,
    values: z.array(sensorValueSchema).max(50),
  })
  .partial();

export const sensorAttributesSchema = sensorAttributesObject.superRefine((attributes, ctx) => {
  if (attributes.yMin !== undefined && attributes.yMax !== undefined && attributes.yMin >= attributes.yMax) {
    ctx.addIssue({ code: 'custom', path: ['yMax'], ...ruleIssue('sensors.validation.yRange') });
  }
}, alongFieldIssues);
export type SensorAttributes = z.output<typeof sensorAttributesSchema>;

/** A sensor in a device's body: with its id it changes that sensor, without one it adds a sensor to the device. */
export const sensorBodySchema = z.object({
  id: idSchema.optional(),
  name: nameText,
  attributes: sensorAttributesSchema.default({}),
  isDeleted: z.boolean().default(false),
});

/** The rope a device or smartrope is mounted on: the rope as a read answers it, or null when it is on none. */
export const mountedRopeSchema = z.object({ id: idSchema }).nullable();

export const sensorDeviceBodySchema = z.object({
  name: nameText,
  rope: mountedRopeSchema.default(null),
  attributes: sensorDeviceAttributesSchema.default({}),
  sensors: z.array(sensorBodySchema).max(50).default([]),
});
export type SensorDeviceBody = z.output<typeof sensorDeviceBodySchema>;

export const sensorDeviceCreateBodySchema = z.object({ sensorDevice: sensorDeviceBodySchema });

/** A sensor in a PATCH: with its id the fields sent replace that sensor's (attributes key by key); without, a new one. */
export const sensorPatchSchema = z.object({
  id: idSchema.optional(),
  name: nameText.optional(),
  attributes: patchAttributesSchema(sensorAttributesObject).optional(),
  isDeleted: z.boolean().optional(),
});
export type SensorPatch = z.output<typeof sensorPatchSchema>;

/** PATCH /sensor-devices/{id}: any part of the device as GET answers it; sensors not sent stay as they are. */
export const sensorDevicePatchSchema = z.object({
  name: nameText.optional(),
  rope: mountedRopeSchema.optional(),
  attributes: patchAttributesSchema(sensorDeviceAttributesSchema).optional(),
  sensors: z.array(sensorPatchSchema).max(50).optional(),
});
export type SensorDevicePatch = z.output<typeof sensorDevicePatchSchema>;
export const sensorDevicePatchBodySchema = z.object({ sensorDevice: sensorDevicePatchSchema });
