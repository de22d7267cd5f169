import { describe, expect, it } from 'vitest';
import { type NotificationTrigger, notificationKey, smartropeTriggerOfKey } from './triggers.ts';

describe('smartrope trigger keys', () => {
  it('reads back the measurement a smartropeThreshold notification was written for', () => {
    const trigger: NotificationTrigger = {
      kind: 'smartrope',
      smartropeEventId: 42,
      measuredAt: '2027-02-01T10:00:05.000Z',
      ropeId: 7,
      value: 812,
    };
    expect(smartropeTriggerOfKey(notificationKey(3, 'smartropeThreshold', trigger))).toEqual({
      smartropeEventId: 42,
      measuredAt: new Date('2027-02-01T10:00:05.000Z'),
    });
  });

  it('answers null for the keys of other rules', () => {
    const event: NotificationTrigger = { kind: 'event', id: 5, ropeId: 7, recordingType: 'damage', type: 'wireBreak' };
    expect(smartropeTriggerOfKey(notificationKey(3, 'damage', event))).toBeNull();
    expect(smartropeTriggerOfKey('demo-12')).toBeNull();
  });
});
