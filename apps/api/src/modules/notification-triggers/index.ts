/**
 * The changes other modules report to the notification rules (an event, the rope's damage, a document, a smartrope
 * measurement), written into the outbox with the change. It imports no module: the rules' evaluation and delivery are
 * the notifications module's. Other modules reach it through this file only.
 */
export { EVALUATE_RULES } from './evaluate-rules-request.ts';
export {
  enqueueDocumentTrigger,
  enqueueEventTrigger,
  enqueueHealthTrigger,
  enqueueSmartropeTrigger,
  hasNotificationRules,
} from './triggers.ts';
