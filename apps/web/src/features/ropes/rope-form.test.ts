import { ropeSettingsFileSchema } from '@rope/domain/hierarchy/schemas';
import { DEFAULT_EXPECTED_SERVICE_LIFE } from '@rope/domain/ropes/kinds';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import { CROSS_SECTION_MODE } from './rope-fields';
import { initialRopeValues, ropeFormSpec, ropeSettingsFile, toRopeUpdate, valuesFromRopeFile } from './rope-form';

describe('rope settings form', () => {
  it('starts with the default service life and the cross-section the rope has', () => {
    const values = initialRopeValues({ name: 'Rope 1', attributes: { fillFactor: 0.8 } });
    expect(values.expectedServiceLife).toBe(DEFAULT_EXPECTED_SERVICE_LIFE);
    expect(values[CROSS_SECTION_MODE]).toBe('fill');
  });

  it('saves only the chosen one of cross-section and fill factor, dates as ISO times', () => {
    const values = {
      ...initialRopeValues({ name: 'Rope 1', attributes: { metallicCrossSection: 300, fillFactor: 0.8 } }),
      bendingCyclesUntilNowAt: '2024-05-01',
    };
    const update = toRopeUpdate(values);
    expect(update.attributes).toMatchObject({
      metallicCrossSection: 300,
      bendingCyclesUntilNowAt: '2024-05-01T00:00:00.000Z',
    });
    expect(update.attributes).not.toHaveProperty('fillFactor');
    expect(checkForm(ropeFormSpec, values).ok).toBe(true);
    const refused = checkForm(ropeFormSpec, { ...values, nominalDiameter: -3 });
    expect(refused.ok ? {} : refused.messages).toHaveProperty('nominalDiameter');
  });

  it('writes and reads its settings file', () => {
    const values = initialRopeValues({
      name: 'Haul rope',
      attributes: { ropeType: 'strandedRope', nominalDiameter: 52 },
    });
    const file = ropeSettingsFile(values);
    expect(ropeSettingsFileSchema.safeParse(file).success).toBe(true);
    const target = initialRopeValues({ name: 'Track rope 2', attributes: { deviceSerialNumber: 'TRU-1007' } });
    const loaded = valuesFromRopeFile(
      { ...file, attributes: { ...file.attributes, deviceSerialNumber: 'TRU-9' } },
      target,
    );
    // A file is a template for attributes: the target keeps its name and its own device.
    expect(loaded).toMatchObject({
      name: 'Track rope 2',
      deviceSerialNumber: 'TRU-1007',
      ropeType: 'strandedRope',
      nominalDiameter: 52,
    });
  });
});
