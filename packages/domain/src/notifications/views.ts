import { z } from 'zod';
import { namedRefSchema } from '../hierarchy/views.ts';

/** One notification as GET /api/installations/{id}/notifications and /api/notifications answer it. */
export const notificationViewSchema = z.object({
  id: z.number(),
  triggeredAt: z.string(),
  type: z.string(),
  threshold: z.number().nullable(),
  installation: namedRefSchema,
  area: z.object({ id: z.number() }),
  rope: namedRefSchema.nullable(),
  text: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationViewSchema) });

/**
 * The smartropeThreshold rule of an installation (or one rope) as the notification status shows it: per rope with a
 * smartrope whether the rule is armed and the last value it saw, and the last notification with the measurement
 * that fired it. GET /api/installations/{id}/smartrope-threshold-state[?rope=].
 */
export const smartropeThresholdStateSchema = z.object({
  ropes: z.array(
    z.object({
      rope: namedRefSchema,
      /** False once fired, until the value recovers (reset) or never again (no reset). */
      isArmed: z.boolean(),
      lastValue: z.number().nullable(),
      updatedAt: z.string().nullable(),
    }),
  ),
  lastTrigger: z
    .object({
      triggeredAt: z.string(),
      threshold: z.number().nullable(),
      rope: namedRefSchema.nullable(),
      text: z.string(),
      /** The smartrope measurement that fired it; null when its event is gone. */
      device: z
        .object({
          smartrope: namedRefSchema,
          sensorName: z.string(),
          /** Epoch seconds. */
          measuredAt: z.number(),
          value: z.number().nullable(),
        })
        .nullable(),
    })
    .nullable(),
});
export type SmartropeThresholdState = z.infer<typeof smartropeThresholdStateSchema>;
export const smartropeThresholdStateAnswerSchema = z.object({ smartropeThreshold: smartropeThresholdStateSchema });
