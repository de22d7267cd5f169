import { describe, expect, it } from 'vitest';
import { handOverNewDeviceBroker, takeNewDeviceBroker } from './broker-api';

const credentials = { username: 'sensor-device-7', password: 'secret', publish: ['a'], subscribe: ['b'] };

describe('the new device’s broker credentials', () => {
  it('reach its page once: opened again, the password is gone', () => {
    handOverNewDeviceBroker('sensorDevice', 7, { brokerCredentials: credentials });
    expect(takeNewDeviceBroker('smartrope', 7)).toBeUndefined();
    expect(takeNewDeviceBroker('sensorDevice', 7)).toEqual({ brokerCredentials: credentials });
    expect(takeNewDeviceBroker('sensorDevice', 7)).toBeUndefined();
  });

  it('hands over why a device has none, and nothing when the cockpit administers no broker', () => {
    handOverNewDeviceBroker('smartrope', 3, {});
    expect(takeNewDeviceBroker('smartrope', 3)).toBeUndefined();
    handOverNewDeviceBroker('smartrope', 4, { brokerProblem: { key: 'app.errors.brokerUnavailable' } });
    expect(takeNewDeviceBroker('smartrope', 4)).toMatchObject({
      brokerProblem: { key: 'app.errors.brokerUnavailable' },
    });
  });
});
