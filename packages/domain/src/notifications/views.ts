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
