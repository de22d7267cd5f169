import { NOTIFICATION_RULE_TYPES } from '@rope/domain/notifications/schemas';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-us';
import { ruleTypeLabel } from './rule-type-label';

describe('ruleTypeLabel', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });

  it('reads an event or recording type as the events table does, the rest from the rules', () => {
    expect(ruleTypeLabel(i18n.t, 'wireBreak')).toBe(enUS.enums.eventTypes.wireBreak);
    expect(ruleTypeLabel(i18n.t, 'damage')).toBe(enUS.enums.recordingTypes.damage);
    expect(ruleTypeLabel(i18n.t, 'ropeHealth')).toBe(enUS.notifications.ruleTypes.ropeHealth);
  });

  it('names every rule type, and shows an unknown one as sent', () => {
    for (const type of NOTIFICATION_RULE_TYPES) expect(ruleTypeLabel(i18n.t, type)).not.toContain('.');
    expect(ruleTypeLabel(i18n.t, 'fromTheFuture')).toBe('fromTheFuture');
  });
});
