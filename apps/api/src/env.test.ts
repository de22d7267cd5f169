import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.DEMO_DATA).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT="abc" must be a port number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT="70000" must be between 0 and 65535'],
    [
      { DATABASE_URL: 'nonsense' },
      'Invalid configuration: DATABASE_URL="nonsense" must be a URL like postgres://user:password@host:5432/database',
    ],
    [
      { REDIS_URL: 'http://x' },
      'Invalid configuration: REDIS_URL="http://x" must be a URL like redis://127.0.0.1:6379',
    ],
    [
      { TRUST_PROXY: 'yes' },
      'Invalid configuration: TRUST_PROXY="yes" must be true, false, a hop count or comma-separated proxy addresses (e.g. 10.0.0.1,10.1.0.0/16)',
    ],
    [
      { DUE_TASKS_SCAN_SECONDS: '0' },
      'Invalid configuration: DUE_TASKS_SCAN_SECONDS="0" must be a whole number of seconds (1-86400)',
    ],
  ])('refuses %o with one clear line', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('takes server-mode settings', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://u@db:5432/rope',
      REDIS_URL: 'redis://redis:6379',
      PORT: '8080',
      DEMO_DATA: 'false',
    });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@db:5432/rope', DEMO_DATA: false });
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['10.0.0.1, 10.1.0.0/16,::1', '10.0.0.1, 10.1.0.0/16,::1'],
    ['loopback', 'loopback'],
  ])('reads TRUST_PROXY=%s as %o', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});
