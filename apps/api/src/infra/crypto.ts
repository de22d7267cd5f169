import { hash as digest, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 alphanumeric characters: about 190 bits, fit for reset, activation and session tokens. */
export function randomToken(length = 32): string {
  const bytes = randomBytes(length * 2);
  let token = '';
  for (const byte of bytes) {
    // 248 = 4 x 62: dropping the rest keeps every character equally likely.
    if (byte < 248) token += ALPHANUMERIC[byte % 62];
    if (token.length === length) return token;
  }
  return token + randomToken(length - token.length);
}

/** Hex SHA-256 in one call: every request hashes its session token, and a hash object each time cost ten times more. */
export function sha256(value: string): string {
  return digest('sha256', value, 'hex');
}

/**
 * argon2id (the package's default algorithm) with OWASP's minimum: 19 MiB, two passes. @node-rs/argon2 installs as a
 * prebuilt binary per platform (no compiler on the server) and reads the PHC strings the argon2 package wrote before.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
