import { z } from 'zod';
import { isoDateTime } from '../common.ts';
import { namedRefSchema } from '../hierarchy/views.ts';
import { TRUSCAN_STATUSES } from '../ropes/kinds.ts';

/** What the devices of one rope report, as the dashboard shows it: GET /api/ropes/device-states. */
export const ropeDeviceStateSchema = z.object({
  rope: namedRefSchema,
  installation: namedRefSchema,
  area: namedRefSchema,
  /** Null when the rope has no TRUscan; each figure absent until the device reported it. */
  truscan: z
    .object({
      status: z.enum(TRUSCAN_STATUSES).optional(),
      bendingCycles: z.number().optional(),
      /** Epoch seconds, as the device reports them. */
      lastMeasurement: z.number().optional(),
      nextMeasurement: z.number().optional(),
    })
    .nullable(),
  /** Enabled sensors of the rope's devices, each with its newest reading's time (null before the first). */
  sensors: z.array(z.object({ id: z.number(), name: z.string(), lastMeasurementAt: isoDateTime.nullable() })),
  /** Smartrope events on the rope nobody acknowledged yet. */
  unacknowledgedSmartropeEvents: z.number(),
  smartropeCount: z.number(),
});
export type RopeDeviceState = z.infer<typeof ropeDeviceStateSchema>;
export const ropeDeviceStatesAnswerSchema = z.object({ ropeDeviceStates: z.array(ropeDeviceStateSchema) });
