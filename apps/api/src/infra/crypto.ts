import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

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

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
