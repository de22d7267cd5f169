import { ACTION_STATUSES, EVENT_TYPES } from '@rope/domain/events/kinds';
import { BUILDING_TYPES, INSTALLATION_TYPES, ROPEWAY_TYPES } from '@rope/domain/hierarchy/installations';
import { ROPE_APPLICATIONS, ROPE_STANDARDS, ROPE_TYPES } from '@rope/domain/ropes/kinds';
import { DAMAGE_INPUTS } from '@rope/domain/ropes/missing-inputs';
import { describe, expect, it } from 'vitest';
import { loadEnglishReportLabels, reportLabelsFrom, textAt } from './report-labels';

describe('the English names a report prints', async () => {
  const labels = await loadEnglishReportLabels();
  // Each name comes from the English texts; a name that fell back to the stored value would equal it.
  const named = (text: string, stored: string) => {
    expect(text).not.toBe(stored);
    expect(text).not.toMatch(/\$t\(|\./);
  };

  it('names every event type, status and reported rope or installation choice', () => {
    for (const type of EVENT_TYPES) named(labels.eventType(type), type);
    for (const status of ACTION_STATUSES) named(labels.actionStatus(status), status);
    for (const value of ROPE_TYPES) named(labels.option('ropeType', value), value);
    for (const value of ROPE_APPLICATIONS) named(labels.option('ropeApplication', value), value);
    for (const value of INSTALLATION_TYPES) named(labels.option('installationType', value), value);
    for (const value of ROPEWAY_TYPES) named(labels.option('ropewayType', value), value);
    for (const value of BUILDING_TYPES) named(labels.option('buildingType', value), value);
    for (const input of DAMAGE_INPUTS) named(labels.ropeAttribute(input), input);
    for (const value of ROPE_STANDARDS) expect(labels.option('standard', value)).toMatch(/^(EN|ISO) /);
  });

  it('prints a value without a text as recorded, never as a key', () => {
    expect(labels.eventType('retiredType')).toBe('retiredType');
    const texts = { enums: { eventTypes: { wireBreak: 'Wire break' } } };
    expect(textAt(texts, 'enums.eventTypes')).toBeUndefined();
    expect(textAt(texts, 'enums.eventTypes.wireBreak.x')).toBeUndefined();
    expect(reportLabelsFrom(texts).eventType('wireBreak')).toBe('Wire break');
    expect(reportLabelsFrom(texts).eventType('corrosion')).toBe('corrosion');
  });
});
