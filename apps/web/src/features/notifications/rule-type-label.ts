import { EVENT_TYPES, type EventType, RECORDING_TYPES, type RecordingType } from '@rope/domain/events/kinds';
import type { TFunction } from 'i18next';

type Translate = (key: string, options: { defaultValue: string }) => string;

const isRecordingType = (type: string): type is RecordingType => (RECORDING_TYPES as readonly string[]).includes(type);
const isEventType = (type: string): type is EventType => (EVENT_TYPES as readonly string[]).includes(type);

/**
 * A notification rule's type in words: rules on an event or recording type read the one label of that type (as the
 * events table does), the others have their own. A type this client does not know shows as sent.
 */
export function ruleTypeLabel(t: TFunction, type: string): string {
  if (isRecordingType(type)) return t(`enums.recordingTypes.${type}`);
  if (isEventType(type)) return t(`enums.eventTypes.${type}`);
  return (t as unknown as Translate)(`notifications.ruleTypes.${type}`, { defaultValue: type });
}
