import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_POOL_SIZE } from '@rope/db/pool';
import { DEFAULT_DOCUMENT_MAX_MB } from '@rope/domain/documents/schemas';
import { DEFAULT_MEA_FILE_MAX_MB } from '@rope/domain/mrt/mea/format';
import { WEBHOOK_TIMEOUT_MS } from '@rope/domain/webhooks/rules';
import { z } from 'zod';
import { SecretFileError, withSecretFiles } from './env-files.ts';
import { DEFAULT_MQTT_TOPIC_PREFIX } from './infra/mqtt-topics.ts';
import { samlProvidersSetting } from './modules/saml/settings.ts';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || isUrlWithProtocol(value, protocols), {
      message: `must be a URL like ${example}`,
    });

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isProxyAddress(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  // proxy-addr's names for the usual private ranges.
  if (prefix === undefined && ['loopback', 'linklocal', 'uniquelocal'].includes(address)) return true;
  return isIP(address) !== 0;
}

const blankAsUnset = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** Uploaded files: `filesystem` under DATA_DIR/files (the embedded default) or an S3-compatible bucket. */
const storageSettings = {
  STORAGE_DRIVER: z.enum(['filesystem', 's3'], { message: 'must be filesystem or s3' }).default('filesystem'),
  STORAGE_S3_BUCKET: z
    .string()
    .optional()
    .transform(blankAsUnset)
    .refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: 'must be a bucket name (3-63 lower-case letters, digits, dots and dashes)',
    }),
  STORAGE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  STORAGE_S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'https://s3.example.com'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional().transform(blankAsUnset),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional().transform(blankAsUnset),
  /** Bucket in the path (`https://host/bucket/key`), as most S3-compatible servers want; unset: on with an endpoint. */
  STORAGE_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  STORAGE_S3_KEY_PREFIX: z
    .string()
    .optional()
    .transform(blankAsUnset)
    .refine((value) => value === undefined || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(value), {
      message: 'must be folder names ending in a slash, e.g. cockpit/',
    }),
};

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  /** Where the API listens: see listenHost (the embedded default keeps to this machine). */
  HOST: z.string().trim().min(1).max(255).optional(),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://cockpit.example.com'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
  /**
   * Calls an API key may make in a window, per key (plugins/api-key-limits.ts); shared through Redis in server mode.
   * A device sending a batch of readings a second makes 60 a minute.
   */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  API_KEY_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How long one webhook delivery attempt may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(WEBHOOK_TIMEOUT_MS),
  /** Keep the rope page's answers while the data is unchanged (http/answer-cache.ts): `auto` = on PGlite only. */
  ANSWER_CACHE: z.enum(['auto', 'off']).default('auto'),
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, 'data')),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  /** The MQTT broker devices talk to: the worker takes their readings and state, the cockpit sends TRUscan commands. */
  MQTT_URL: optionalUrl(['mqtt:', 'mqtts:', 'ws:', 'wss:'], 'mqtt://127.0.0.1:1883'),
  /**
   * The intake's MQTT client id, which names its persistent session: unset, `rope-cockpit-intake-<host>-<process>`
   * (the process being `server` or `worker`). Each process needs its own; keep it across restarts, or the broker
   * keeps what it held for the old session until it expires and the new one misses it (docs/sensors.md).
   */
  MQTT_CLIENT_ID: z
    .string()
    .optional()
    .transform(blankAsUnset)
    .refine((value) => value === undefined || /^[A-Za-z0-9._:-]{1,64}$/.test(value), {
      message: 'must be 1-64 letters, digits, dots, colons, dashes or underscores',
    }),
  /** The first part of every BullMQ key in Redis: another one lets several cockpits share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 'rope' : value))
    .refine((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value), {
      message: 'must be 1-64 letters, digits, dashes or underscores, e.g. site-a',
    }),
  /** The first level of every MQTT topic: another one lets several cockpits share a broker. */
  MQTT_TOPIC_PREFIX: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? DEFAULT_MQTT_TOPIC_PREFIX : value))
    .refine((value) => /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,3}$/.test(value), {
      message: 'must be one to four topic levels of letters, digits, dashes or underscores, e.g. site-a/cockpit',
    }),
  /**
   * A client of the broker's dynamic security plugin: with both set, the cockpit gives each sensor device and
   * smartrope its own broker client (docs/sensors.md). Unset: devices are credentialed by hand or use HTTP.
   */
  MQTT_ADMIN_USERNAME: z.string().max(200).optional().transform(blankAsUnset),
  MQTT_ADMIN_PASSWORD: z.string().max(200).optional().transform(blankAsUnset),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
  MAIL_FROM: z.string().min(3).default('Rope Cockpit <no-reply@localhost>'),
  /**
   * Who sends SMS: `twilio` or `vonage` (with SMS_ACCOUNT, SMS_SECRET and SMS_FROM), or `gateway`, a gateway of the
   * site's own at SMS_GATEWAY_URL. Unset: the gateway when SMS_GATEWAY_URL is set, else lines in the outbox.
   */
  SMS_PROVIDER: z.enum(['gateway', 'twilio', 'vonage'], { message: 'must be gateway, twilio or vonage' }).optional(),
  SMS_GATEWAY_URL: optionalUrl(['http:', 'https:'], 'https://sms.example.com/send'),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** Twilio: the account SID (AC…); Vonage: the API key. */
  SMS_ACCOUNT: z.string().max(200).optional().transform(blankAsUnset),
  /** Twilio: the auth token; Vonage: the API secret. */
  SMS_SECRET: z.string().max(200).optional().transform(blankAsUnset),
  /** The sender: a number of the account, an alphanumeric sender id, or (Twilio) a messaging service SID (MG…). */
  SMS_FROM: z.string().max(64).optional().transform(blankAsUnset),
  /** The provider's API address, only to reach a test double or a regional edge. */
  SMS_API_URL: optionalUrl(['http:', 'https:'], 'https://api.twilio.com'),
  WEB_DIST: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  /** Load the demo data on the first start of an empty embedded database (default), always, or never. */
  /** `auto`: on the first start of an empty embedded database; unset means `auto`, except in production (never). */
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0', 'auto'])
    .optional()
    .transform((value) => (value === undefined || value === 'auto' ? value : value === 'true' || value === '1')),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(50).optional(),
  /** HMAC key of unsubscribe links; when unset one is generated and kept in the database (app_meta 'secret'). */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  /**
   * Behind a load balancer or TLS proxy: `true` (trust every hop), a hop count, or the proxy addresses
   * (comma-separated, CIDR allowed). Client IPs, the scheme (HTTPS: HSTS, the cross-site check) and the host then come
   * from the X-Forwarded-* headers.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((value) =>
      value === undefined || value === '' || value === 'false'
        ? false
        : value === 'true'
          ? true
          : /^\d+$/.test(value)
            ? Number(value)
            : value,
    )
    .refine((value) => typeof value !== 'string' || value.split(',').every((part) => isProxyAddress(part.trim())), {
      message: 'must be true, false, a hop count or comma-separated proxy addresses (e.g. 10.0.0.1,10.1.0.0/16)',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** How often each scheduler asks for a due-task scan. */
  DUE_TASKS_SCAN_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds (1-86400)' })
    .int('must be a whole number of seconds (1-86400)')
    .min(1, 'must be a whole number of seconds (1-86400)')
    .max(86_400, 'must be a whole number of seconds (1-86400)')
    .default(60),
  SAML_PROVIDERS: samlProvidersSetting,
  /** `keep`: photos keep their location, camera and other metadata; by default it is removed on upload. */
  IMAGE_METADATA: z.enum(['strip', 'keep'], { message: 'must be strip or keep' }).default('strip'),
  /** The largest document one may upload, in MB (streamed to storage; only photos are read whole, to clean them). */
  DOCUMENT_MAX_MB: z.coerce
    .number({ message: 'must be a number of megabytes (1-10240)' })
    .int('must be a whole number of megabytes (1-10240)')
    .min(1, 'must be a number of megabytes (1-10240)')
    .max(10_240, 'must be a number of megabytes (1-10240)')
    .default(DEFAULT_DOCUMENT_MAX_MB),
  /** The largest TRUscan measurement file (.mea) one may upload, in MB: each is read whole to check it. */
  TRUSCAN_FILE_MAX_MB: z.coerce
    .number({ message: 'must be a number of megabytes (1-1024)' })
    .int('must be a whole number of megabytes (1-1024)')
    .min(1, 'must be a number of megabytes (1-1024)')
    .max(1024, 'must be a number of megabytes (1-1024)')
    .default(DEFAULT_MEA_FILE_MAX_MB),
  ...storageSettings,
});
export type Env = z.infer<typeof envSchema>;

/** Rules between settings, checked after each setting on its own. */
const settingsSchema = envSchema.superRefine((env, ctx) => {
  if (!env.MQTT_ADMIN_USERNAME !== !env.MQTT_ADMIN_PASSWORD)
    ctx.addIssue({
      code: 'custom',
      path: [env.MQTT_ADMIN_USERNAME ? 'MQTT_ADMIN_PASSWORD' : 'MQTT_ADMIN_USERNAME'],
      message: 'must be set together with its partner (or both left unset)',
    });
  if (env.MQTT_ADMIN_USERNAME && !env.MQTT_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['MQTT_ADMIN_USERNAME'],
      message: 'needs MQTT_URL, the broker it administers',
    });
  if (env.STORAGE_DRIVER === 's3' && !env.STORAGE_S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['STORAGE_S3_BUCKET'], message: 'is needed when STORAGE_DRIVER=s3' });
  if (env.SMS_PROVIDER === 'gateway' && !env.SMS_GATEWAY_URL)
    ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAY_URL'], message: 'is needed when SMS_PROVIDER=gateway' });
  if (env.SMS_PROVIDER === 'twilio' || env.SMS_PROVIDER === 'vonage')
    for (const name of ['SMS_ACCOUNT', 'SMS_SECRET', 'SMS_FROM'] as const)
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: `is needed when SMS_PROVIDER=${env.SMS_PROVIDER}` });
  if (!env.STORAGE_S3_ACCESS_KEY_ID !== !env.STORAGE_S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [env.STORAGE_S3_ACCESS_KEY_ID ? 'STORAGE_S3_SECRET_ACCESS_KEY' : 'STORAGE_S3_ACCESS_KEY_ID'],
      message: 'must be set together with its partner key (or both left unset)',
    });
});

export class EnvError extends Error {}

/** A setting's value as an error may show it: never a secret, nor the password in a URL. */
function shownValue(name: string, value: string | undefined): string | undefined {
  if (value === undefined || /PASSWORD|SECRET|TOKEN/.test(name)) return undefined;
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return url.toString();
    }
  } catch {
    // Not a URL: shown as it is.
  }
  return value;
}

/** Parses the environment; a bad setting becomes one line naming the variable and what is wrong. */
export function parseEnv(given: Record<string, string | undefined> = process.env): Env {
  let source: Record<string, string | undefined>;
  try {
    source = withSecretFiles(given);
  } catch (error) {
    if (error instanceof SecretFileError) throw new EnvError(`Invalid configuration: ${error.message}`);
    throw error;
  }
  const result = settingsSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = shownValue(name, source[name]);
      return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`} ${issue.message}`;
    });
    throw new EnvError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}

/**
 * The embedded quick start, with its published demo passwords, listens on this machine only unless HOST says
 * otherwise; server mode (DATABASE_URL), meant for a network, on every interface.
 */
export function listenHost(env: Pick<Env, 'HOST' | 'DATABASE_URL'>): string {
  return env.HOST ?? (env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
}

/** Whether the server can be reached from this machine only. */
export function loopbackOnly(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export function publicUrl(env: Env): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
