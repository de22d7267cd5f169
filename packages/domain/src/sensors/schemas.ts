import { z } from 'zod';

export const sensorDeviceAttributesSchema = z
  .object({ iccid: z.string().max(32), imei: z.string().max(32), firmware: z.string().max(64) })
  .partial();

const trendlinesSchema = z
  .object({ min: z.boolean(), max: z.boolean(), avg: z.boolean(), median: z.boolean() })
  .partial();

export const sensorValueSchema = z.object({
  fragment: z.string().max(64),
  name: z.string().max(255),
  unit: z.string().max(32),
  isEnabled: z.boolean().default(true),
  offset: z.number().finite().default(0),
  trendlines: trendlinesSchema.default({}),
});

export const sensorPlotlineSchema = z.object({
  name: z.string().trim().min(1).max(255),
  position: z.number().finite(),
  color: z.string().max(32).default('#fa5252'),
});

export const sensorAttributesSchema = z
  .object({
    isEnabled: z.boolean(),
    chartTitle: z.string().max(255),
    yMin: z.number().finite(),
    yMax: z.number().finite(),
    startDate: z.iso.datetime({ offset: true }),
    plotlines: z.array(sensorPlotlineSchema).max(50),
    values: z.array(sensorValueSchema).max(50),
  })
  .partial();
export type SensorAttributes = z.infer<typeof sensorAttributesSchema>;
