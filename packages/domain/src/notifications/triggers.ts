import { z } from 'zod';
import { idSchema } from '../common.ts';

const id = idSchema;

/** One change that notification rules may react to; the evaluate job carries it as its payload. */
export const notificationTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), id, ropeId: id, recordingType: z.string().max(32), type: z.string().max(32) }),
  // Each change of a rope's stored damage is its own trigger; health is null while the damage cannot be computed.
  z.object({
    kind: z.literal('health'),
    id: z.string().min(1).max(120),
    ropeId: id,
    health: z.number().finite().nullable(),
  }),
  z.object({ kind: z.literal('document'), id, installationId: id, ropeId: id.optional() }),
  // A smartrope event by its peak measurement; `settledValue` is its last one, where the value came back to.
  z.object({
    kind: z.literal('smartrope'),
    smartropeEventId: id,
    measuredAt: z.iso.datetime(),
    ropeId: id,
    value: z.number().finite(),
    settledValue: z.number().finite().optional(),
  }),
]);
export type NotificationTrigger = z.infer<typeof notificationTriggerSchema>;

/** What makes a trigger one: a smartrope trigger is one measurement, not the whole smartrope event. */
export function triggerKey(trigger: NotificationTrigger): string {
  if (trigger.kind === 'smartrope') {
    return `smartrope:${trigger.smartropeEventId}:${Date.parse(trigger.measuredAt)}`;
  }
  return `${trigger.kind}:${trigger.id}`;
}

/** One notification per installation, rule and trigger: the same trigger evaluated twice notifies once. */
export function notificationKey(installationId: number, ruleType: string, trigger: NotificationTrigger): string {
  return `${installationId}:${ruleType}:${triggerKey(trigger)}`;
}

/** A task is announced once per due date it is given: a changed task (new date) may be announced again. */
export function taskDueNotificationKey(task: { id: number; updatedAt: Date }): string {
  return `task-due:${task.id}:${task.updatedAt.getTime()}`;
}

/** The smartrope measurement a smartropeThreshold notification was written for, read back from its key. */
export function smartropeTriggerOfKey(key: string): { smartropeEventId: number; measuredAt: Date } | null {
  const match = /^\d+:smartropeThreshold:smartrope:(\d+):(-?\d+)$/.exec(key);
  if (!match) return null;
  return { smartropeEventId: Number(match[1]), measuredAt: new Date(Number(match[2])) };
}
