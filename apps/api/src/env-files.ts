import { readFileSync } from 'node:fs';

/**
 * Secrets a site may keep in files rather than in the environment (Docker and Compose secrets, a volume another
 * container wrote): `<NAME>_FILE` names the file, whose content without its trailing line break is the value.
 */
export const SECRET_FILE_SETTINGS = ['MQTT_ADMIN_PASSWORD'] as const;

/** The environment with each `<NAME>_FILE` read into `<NAME>`, and `MQTT_PASSWORD_FILE` into MQTT_URL's password. */
export function withSecretFiles(
  source: Record<string, string | undefined>,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): Record<string, string | undefined> {
  const result = { ...source };
  for (const name of SECRET_FILE_SETTINGS) {
    const path = source[`${name}_FILE`];
    if (!path) continue;
    if (source[name]) throw new SecretFileError(`${name} and ${name}_FILE are both set: set one of them`);
    result[name] = secretIn(`${name}_FILE`, path, read);
  }
  const mqttPasswordFile = source.MQTT_PASSWORD_FILE;
  if (mqttPasswordFile)
    result.MQTT_URL = withMqttPassword(source.MQTT_URL, secretIn('MQTT_PASSWORD_FILE', mqttPasswordFile, read));
  return result;
}

export class SecretFileError extends Error {}

function secretIn(setting: string, path: string, read: (path: string) => string): string {
  let content: string;
  try {
    content = read(path);
  } catch (error) {
    throw new SecretFileError(
      `${setting}=${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const value = content.replace(/\r?\n$/, '');
  if (!value) throw new SecretFileError(`${setting}=${path} is empty`);
  return value;
}

function withMqttPassword(url: string | undefined, password: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    throw new SecretFileError(
      'MQTT_PASSWORD_FILE needs MQTT_URL with the user name, e.g. mqtt://rope-cockpit@broker:1883',
    );
  }
  if (!parsed.username)
    throw new SecretFileError('MQTT_PASSWORD_FILE needs a user name in MQTT_URL, e.g. mqtt://rope-cockpit@broker:1883');
  if (parsed.password)
    throw new SecretFileError('MQTT_URL has a password and MQTT_PASSWORD_FILE is set: set one of them');
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}
