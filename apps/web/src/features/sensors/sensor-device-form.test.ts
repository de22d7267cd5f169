import type { SensorDeviceView } from '@rope/domain/sensors/views';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import {
  emptyPlotline,
  emptySensor,
  initialDeviceValues,
  plotlineInput,
  previewAttributes,
  type SensorDeviceFormValues,
  sensorDeviceCreateFormSpec,
  sensorDevicePatchFormSpec,
  toDevicePatchInput,
  typedNumber,
} from './sensor-device-form';

const device: SensorDeviceView = {
  id: 7,
  name: 'SB-01',
  rope: { id: 3, name: 'Haul rope', installation: { id: 2, name: 'Gondola' }, area: { id: 1, name: 'Valley' } },
  attributes: { firmware: '2.4.1' },
  createdAt: '2026-01-01T00:00:00.000Z',
  sensors: [
    {
      id: 11,
      name: 'Tension',
      isDeleted: false,
      lastMeasurementAt: null,
      attributes: {
        isEnabled: true,
        yMin: 0,
        yMax: 900,
        plotlines: [{ name: 'Alarm', position: 800, color: '#fa5252' }],
        values: [
          { fragment: 'tension', name: 'Tension', unit: 'kN', isEnabled: true, offset: 0, trendlines: { max: true } },
        ],
      },
    },
  ],
};

function withPlotline(values: SensorDeviceFormValues, row: Partial<ReturnType<typeof emptyPlotline>>) {
  const sensor = values.sensors[0]!;
  return {
    ...values,
    sensors: [
      {
        ...sensor,
        attributes: {
          ...sensor.attributes,
          plotlines: [...sensor.attributes.plotlines, { ...emptyPlotline(), ...row }],
        },
      },
    ],
  };
}

describe('typed numbers', () => {
  it('read a decimal comma, leave empty as null and refuse the rest', () => {
    expect(typedNumber('1,5')).toBe(1.5);
    expect(typedNumber(' -3 ')).toBe(-3);
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('12kN')).toBeNaN();
  });
});

describe('plotline rows', () => {
  it('send a row as the domain reads it: no name when none is typed, the position as a number', () => {
    expect(plotlineInput({ key: 'a', name: ' Alarm ', position: '7,5', color: '#000000' })).toEqual({
      name: 'Alarm',
      position: 7.5,
      color: '#000000',
    });
    expect(plotlineInput({ key: 'a', name: '', position: '', color: '#000000' })).toEqual({
      position: null,
      color: '#000000',
    });
  });

  it('with only a name are refused under the position, with the rule of the domain', () => {
    const values = withPlotline(initialDeviceValues(device), { name: 'Warning' });
    const checked = checkForm(sensorDevicePatchFormSpec, values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.messages['sensors.0.attributes.plotlines.1.position']?.key).toBe(
      'sensors.validation.plotlinePosition',
    );
  });

  it('with only a position are refused under the name', () => {
    const values = withPlotline(initialDeviceValues(device), { position: '12' });
    const checked = checkForm(sensorDevicePatchFormSpec, values);
    expect(checked.ok ? {} : checked.messages['sensors.0.attributes.plotlines.1.name']?.key).toBe(
      'sensors.validation.plotlineName',
    );
  });

  it('left empty are dropped', () => {
    const checked = checkForm(sensorDevicePatchFormSpec, withPlotline(initialDeviceValues(device), {}));
    expect(checked.ok && checked.data.sensors?.[0]?.attributes?.plotlines).toEqual([
      { name: 'Alarm', position: 800, color: '#fa5252' },
    ]);
  });
});

describe('the device form', () => {
  it('sends the stored device back unchanged', () => {
    const checked = checkForm(sensorDevicePatchFormSpec, initialDeviceValues(device));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.rope).toEqual({ id: 3 });
    expect(checked.data.sensors?.[0]).toMatchObject({
      id: 11,
      name: 'Tension',
      attributes: { yMin: 0, yMax: 900, chartTitle: null, startDate: null },
    });
  });

  it('removes an emptied key of a stored sensor and leaves it out of a new one', () => {
    const values = initialDeviceValues(device);
    values.sensors[0]!.attributes.yMin = '';
    values.sensors.push({ ...emptySensor(), name: 'Wind' });
    const input = toDevicePatchInput(values) as { sensors: { attributes: Record<string, unknown> }[] };
    expect(input.sensors[0]?.attributes.yMin).toBeNull();
    expect('yMin' in (input.sensors[1]?.attributes ?? {})).toBe(false);
    expect(checkForm(sensorDevicePatchFormSpec, values).ok).toBe(true);
  });

  it('holds each sensor to its y range rule', () => {
    const values = initialDeviceValues(device);
    values.sensors[0]!.attributes.yMin = '1000';
    const checked = checkForm(sensorDevicePatchFormSpec, values);
    expect(checked.ok ? {} : checked.messages['sensors.0.attributes.yMax']?.key).toBe('sensors.validation.yRange');
  });

  it('refuses a number it cannot read', () => {
    const values = initialDeviceValues(device);
    values.sensors[0]!.attributes.yMax = 'lots';
    expect(checkForm(sensorDevicePatchFormSpec, values).ok).toBe(false);
  });

  it('adds a device by name, with a rope or none', () => {
    const values = { ...initialDeviceValues(), name: 'SB-99', attributes: { iccid: '', imei: ' 35 ', firmware: '' } };
    const checked = checkForm(sensorDeviceCreateFormSpec, values);
    expect(checked.ok && checked.data).toMatchObject({ name: 'SB-99', rope: null, attributes: { imei: '35' } });
    const unnamed = checkForm(sensorDeviceCreateFormSpec, { ...values, name: '' });
    expect(unnamed.ok ? [] : Object.keys(unnamed.messages)).toEqual(['name']);
  });
});

describe('the preview of a sensor being edited', () => {
  it('draws what is readable and leaves out what is not yet', () => {
    const values = withPlotline(initialDeviceValues(device), { name: 'Half' });
    const row = values.sensors[0]!;
    row.attributes.yMin = '950';
    row.attributes.values[0]!.offset = '1,5';
    const preview = previewAttributes(row);
    expect(preview.plotlines).toEqual([{ name: 'Alarm', position: 800, color: '#fa5252' }]);
    expect(preview.yMin).toBeUndefined();
    expect(preview.yMax).toBeUndefined();
    expect(preview.values?.[0]?.offset).toBe(1.5);
  });
});
