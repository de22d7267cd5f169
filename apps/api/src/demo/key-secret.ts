import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO_KEY_SECRET_FILE = 'demo-api-keys.secret';
const SECRET = /^[0-9a-f]{64}$/;

function read(path: string): string | undefined {
  try {
    const value = readFileSync(path, 'utf8').trim();
    return SECRET.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The random secret the demo API keys derive from, made once per data directory and readable only by its owner:
 * no two installs share a key, and a second start can show the same keys again.
 */
export function demoKeySecret(dataDir: string): string {
  const path = join(dataDir, DEMO_KEY_SECRET_FILE);
  const existing = read(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('hex');
  try {
    writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch {
    // Another process wrote it first (or an unreadable file is in the way): its value, or a fresh one.
    const written = read(path);
    if (written) return written;
    writeFileSync(path, `${value}\n`, { mode: 0o600 });
    return value;
  }
}
