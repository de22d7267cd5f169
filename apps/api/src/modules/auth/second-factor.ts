import { randomInt } from 'node:crypto';
import type { Db } from '@rope/db/client';
import { sessions, users } from '@rope/db/schema/index';
import {
  EMAIL_CODE_DIGITS,
  EMAIL_CODE_TTL_MS,
  isBase32Secret,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_STEP_SECONDS,
  TOTP_WINDOW,
} from '@rope/domain/auth/rules';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { loginCodeMail, proofCodeMail } from '../../mail/account-texts.ts';
import { sendMailJob } from '../../mail/send-mail-job.ts';

const TOTP_SETTINGS = { period: TOTP_STEP_SECONDS, digits: TOTP_DIGITS } as const;

export function newTotpSecret(email: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret({ length: 20 });
  return { secret, otpauthUrl: otpauthUrl(email, secret) };
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, ...TOTP_SETTINGS });
}

/** The time step a code belongs to (within the allowed drift), or null when it matches none. */
export function totpStepOf(secret: string, code: string, now: number = Date.now()): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) || !isBase32Secret(secret)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      ...TOTP_SETTINGS,
      epoch: Math.floor(now / 1000),
      epochTolerance: TOTP_WINDOW * TOTP_STEP_SECONDS,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Accepts a TOTP code once: its step must be newer than the last accepted one, checked and stored atomically. */
export async function acceptTotp(db: Db, user: { id: number; twoFactorSecret: string | null }, code: string) {
  if (!user.twoFactorSecret) return false;
  const step = totpStepOf(user.twoFactorSecret, code);
  if (step === null) return false;
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Mails a fresh 6-digit code for a pending sign-in, or as proof for changing two-factor authentication; only its hash
 * and expiry are kept, on the session, so a code works only where it was asked for.
 */
export async function sendEmailCode(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  sessionIdHash: string,
  recipient: { email: string; languageId: string },
  purpose: 'login' | 'proof' = 'login',
) {
  const code = randomInt(0, 10 ** EMAIL_CODE_DIGITS)
    .toString()
    .padStart(EMAIL_CODE_DIGITS, '0');
  await ctx.db
    .update(sessions)
    .set({ emailCodeHash: sha256(code), emailCodeExpiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS) })
    .where(eq(sessions.idHash, sessionIdHash));
  await ctx.queue.enqueue(
    jobRequest(
      sendMailJob,
      {
        to: recipient.email,
        ...(purpose === 'login' ? loginCodeMail : proofCodeMail)(code, recipient.languageId),
      },
      `${purpose}-code:${sha256(`${sessionIdHash}:${code}`)}`,
    ),
  );
}

/** Uses up the session's email code when it matches and has not expired; a code works once. */
export async function acceptEmailCode(db: Db, sessionIdHash: string, code: string): Promise<boolean> {
  if (!new RegExp(`^\\d{${EMAIL_CODE_DIGITS}}$`).test(code)) return false;
  const rows = await db
    .update(sessions)
    .set({ emailCodeHash: null, emailCodeExpiresAt: null })
    .where(
      and(
        eq(sessions.idHash, sessionIdHash),
        eq(sessions.emailCodeHash, sha256(code)),
        gt(sessions.emailCodeExpiresAt, new Date()),
      ),
    )
    .returning({ idHash: sessions.idHash });
  return rows.length === 1;
}
