import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.DEMO_DATA).toBeUndefined();
    expect(env.IMAGE_METADATA).toBe('strip');
    expect(parseEnv({ IMAGE_METADATA: 'keep' }).IMAGE_METADATA).toBe('keep');
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
    [{ STORAGE_DRIVER: 'ftp' }, 'Invalid configuration: STORAGE_DRIVER="ftp" must be filesystem or s3'],
    [
      { MQTT_URL: 'mqtt://broker:1883', MQTT_ADMIN_USERNAME: 'admin' },
      'Invalid configuration: MQTT_ADMIN_PASSWORD must be set together with its partner (or both left unset)',
    ],
    [
      { MQTT_ADMIN_USERNAME: 'admin', MQTT_ADMIN_PASSWORD: 'secret' },
      'Invalid configuration: MQTT_ADMIN_USERNAME="admin" needs MQTT_URL, the broker it administers',
    ],
    [
      { QUEUE_PREFIX: 'site:a' },
      'Invalid configuration: QUEUE_PREFIX="site:a" must be 1-64 letters, digits, dashes or underscores, e.g. site-a',
    ],
    [
      { MQTT_TOPIC_PREFIX: 'cockpit/#' },
      'Invalid configuration: MQTT_TOPIC_PREFIX="cockpit/#" must be one to four topic levels of letters, digits, dashes or underscores, e.g. site-a/cockpit',
    ],
    [
      { MQTT_CLIENT_ID: 'intake #1' },
      'Invalid configuration: MQTT_CLIENT_ID="intake #1" must be 1-64 letters, digits, dots, colons, dashes or underscores',
    ],
    [{ STORAGE_DRIVER: 's3' }, 'Invalid configuration: STORAGE_S3_BUCKET is needed when STORAGE_DRIVER=s3'],
    [
      { SMS_PROVIDER: 'messagebird' },
      'Invalid configuration: SMS_PROVIDER="messagebird" must be gateway, twilio or vonage',
    ],
    [{ IMAGE_METADATA: 'remove' }, 'Invalid configuration: IMAGE_METADATA="remove" must be strip or keep'],
    [{ SMS_PROVIDER: 'gateway' }, 'Invalid configuration: SMS_GATEWAY_URL is needed when SMS_PROVIDER=gateway'],
    [
      { SMS_PROVIDER: 'twilio', SMS_ACCOUNT: 'AC1', SMS_SECRET: 'token' },
      'Invalid configuration: SMS_FROM is needed when SMS_PROVIDER=twilio',
    ],
    [
      { STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'files', STORAGE_S3_ACCESS_KEY_ID: 'id' },
      'Invalid configuration: STORAGE_S3_SECRET_ACCESS_KEY must be set together with its partner key (or both left unset)',
    ],
    [
      { STORAGE_S3_BUCKET: 'My_Bucket' },
      'Invalid configuration: STORAGE_S3_BUCKET="My_Bucket" must be a bucket name (3-63 lower-case letters, digits, dots and dashes)',
    ],
    [
      { STORAGE_S3_ENDPOINT: 'minio:9000' },
      'Invalid configuration: STORAGE_S3_ENDPOINT="minio:9000" must be a URL like https://s3.example.com',
    ],
    [
      { STORAGE_S3_KEY_PREFIX: 'cockpit' },
      'Invalid configuration: STORAGE_S3_KEY_PREFIX="cockpit" must be folder names ending in a slash, e.g. cockpit/',
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

  it('takes the broker the cockpit administers, and the intake’s client id', () => {
    expect(parseEnv({}).MQTT_ADMIN_USERNAME).toBeUndefined();
    expect(parseEnv({}).MQTT_CLIENT_ID).toBeUndefined();
    expect(parseEnv({}).MQTT_TOPIC_PREFIX).toBe('rope-cockpit');
    expect(parseEnv({}).QUEUE_PREFIX).toBe('rope');
    expect(parseEnv({ QUEUE_PREFIX: ' site-a ' }).QUEUE_PREFIX).toBe('site-a');
    expect(parseEnv({ MQTT_TOPIC_PREFIX: ' site-a/cockpit ' }).MQTT_TOPIC_PREFIX).toBe('site-a/cockpit');
    const env = parseEnv({
      MQTT_URL: 'mqtt://rope-cockpit:pw@broker:1883',
      MQTT_ADMIN_USERNAME: 'cockpit-admin',
      MQTT_ADMIN_PASSWORD: 'admin secret',
      MQTT_CLIENT_ID: 'rope-cockpit-intake-a-worker-2',
    });
    expect(env).toMatchObject({
      MQTT_ADMIN_USERNAME: 'cockpit-admin',
      MQTT_ADMIN_PASSWORD: 'admin secret',
      MQTT_CLIENT_ID: 'rope-cockpit-intake-a-worker-2',
    });
  });

  it('keeps files under DATA_DIR unless told to use an S3-compatible bucket', () => {
    expect(parseEnv({}).STORAGE_DRIVER).toBe('filesystem');
    const env = parseEnv({
      STORAGE_DRIVER: 's3',
      STORAGE_S3_BUCKET: 'cockpit-files',
      STORAGE_S3_ENDPOINT: 'http://minio:9000',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      STORAGE_S3_FORCE_PATH_STYLE: 'false',
      STORAGE_S3_KEY_PREFIX: 'site-a/',
    });
    expect(env).toMatchObject({
      STORAGE_DRIVER: 's3',
      STORAGE_S3_BUCKET: 'cockpit-files',
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ENDPOINT: 'http://minio:9000',
      STORAGE_S3_FORCE_PATH_STYLE: false,
      STORAGE_S3_KEY_PREFIX: 'site-a/',
    });
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

  describe('secrets kept in files (<NAME>_FILE), as another container or Docker secrets write them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rope-env-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const file = (name: string, content: string) => {
      const path = join(folder, name);
      writeFileSync(path, content, { mode: 0o600 });
      return path;
    };

    it("reads the admin's password, and the cockpit's own into MQTT_URL, without their line break", () => {
      const env = parseEnv({
        MQTT_URL: 'mqtt://rope-cockpit@mosquitto:1883',
        MQTT_PASSWORD_FILE: file('cockpit', 'p@ss/w:rd\n'),
        MQTT_ADMIN_USERNAME: 'cockpit-admin',
        MQTT_ADMIN_PASSWORD_FILE: file('admin', 'admin-secret\n'),
      });
      expect(env.MQTT_ADMIN_PASSWORD).toBe('admin-secret');
      const url = new URL(env.MQTT_URL!);
      expect([url.username, decodeURIComponent(url.password), url.host]).toEqual([
        'rope-cockpit',
        'p@ss/w:rd',
        'mosquitto:1883',
      ]);
    });

    it('refuses, in one line and without the secret, a file it cannot read, an empty one, or a setting given twice', () => {
      const refusals: [Record<string, string>, string][] = [
        [
          { MQTT_URL: 'mqtt://b:1883', MQTT_ADMIN_USERNAME: 'a', MQTT_ADMIN_PASSWORD_FILE: join(folder, 'missing') },
          `MQTT_ADMIN_PASSWORD_FILE=${join(folder, 'missing')} cannot be read: ENOENT`,
        ],
        [{ MQTT_ADMIN_PASSWORD_FILE: file('empty', '\n') }, 'is empty'],
        [
          { MQTT_ADMIN_PASSWORD: 'inline-secret', MQTT_ADMIN_PASSWORD_FILE: file('a2', 'file-secret') },
          'MQTT_ADMIN_PASSWORD and MQTT_ADMIN_PASSWORD_FILE are both set',
        ],
        [
          { MQTT_URL: 'mqtt://u:inline-secret@b:1883', MQTT_PASSWORD_FILE: file('c2', 'file-secret') },
          'MQTT_URL has a password and MQTT_PASSWORD_FILE is set',
        ],
        [{ MQTT_URL: 'mqtt://b:1883', MQTT_PASSWORD_FILE: file('c3', 'file-secret') }, 'needs a user name in MQTT_URL'],
        // A secret read from a file that the settings then refuse is named, never shown.
        [
          {
            MQTT_URL: 'mqtt://b:1883',
            MQTT_ADMIN_USERNAME: 'a',
            MQTT_ADMIN_PASSWORD_FILE: file('long', `file-secret${'x'.repeat(300)}`),
          },
          'Invalid configuration: MQTT_ADMIN_PASSWORD ',
        ],
      ];
      for (const [source, message] of refusals) {
        let thrown: Error | undefined;
        try {
          parseEnv(source);
        } catch (error) {
          thrown = error as Error;
        }
        expect(thrown, message).toBeInstanceOf(EnvError);
        expect(thrown!.message).toContain(message);
        expect(thrown!.message).not.toMatch(/inline-secret|file-secret|\n/);
      }
    });

    it('shows a refused URL without its password', () => {
      expect(() => parseEnv({ MQTT_URL: 'http://u:url-secret@b' })).toThrow('MQTT_URL="http://u:***@b/"');
      expect(() => parseEnv({ MQTT_URL: 'http://u:url-secret@b' })).not.toThrow('url-secret');
    });
  });
});
