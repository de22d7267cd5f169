/** Notification rules, their evaluation and delivery. Other modules reach it through this file only. */
export {
  enqueueDocumentTrigger,
  enqueueEventTrigger,
  enqueueHealthTrigger,
  enqueueSmartropeTrigger,
  hasNotificationRules,
} from './triggers.ts';
