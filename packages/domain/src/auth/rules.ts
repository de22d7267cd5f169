import { z } from 'zod';
import { isApiRole } from '../access/actor.ts';
import type { Role } from '../access/roles.ts';
import { LANGUAGE_IDS } from '../common.ts';
import { type LoginMethod, PASSWORD_MAX_LENGTH, TWO_FACTOR_METHODS, type TwoFactorMethod } from '../users/schemas.ts';

export {
  EMAIL_CODE_DIGITS,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_STEP_SECONDS,
  TOTP_WINDOW,
} from './two-factor-codes.ts';

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const ACTIVATION_TOKEN_TTL_MS = 72 * 3600_000;
export const LOGIN_LINK_TTL_MS = 15 * 60_000;

/** Fixed windows; only failures count, a successful sign-in clears the account's counter. */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 30,
  codeFailuresPerUser: 5,
  /** Codes a signed-in person may have mailed as proof for changing two-factor authentication. */
  codeMailsPerUser: 5,
  /** Reset and activation mails per address; further requests get the same neutral answer and no mail. */
  resetMailsPerAddress: 5,
} as const;

/**
 * A password expires when any of the user's mandators sets passwordExpiryDays above 0 and the password is
 * older than the shortest such setting; a password of unknown age counts as expired then.
 */
export function isPasswordExpired(
  changedAt: Date | null,
  expiryDays: readonly (number | undefined)[],
  now: number = Date.now(),
): boolean {
  const days = expiryDays.filter((value): value is number => typeof value === 'number' && value > 0);
  if (days.length === 0) return false;
  if (!changedAt) return true;
  return now - changedAt.getTime() > Math.min(...days) * 86_400_000;
}

export const RESET_REASONS = ['reset', 'activate'] as const;
export type ResetReason = (typeof RESET_REASONS)[number];

/**
 * Reset and activation tokens travel in links: alphanumeric only, of any length (the spec sets no minimum; the
 * 200 characters match the route's own limit). Whether a token works is for the stored hash to say.
 */
export const TOKEN_MAX_LENGTH = 200;
export function isAlphanumericToken(token: string): boolean {
  return token.length <= TOKEN_MAX_LENGTH && /^[A-Za-z0-9]+$/.test(token);
}

/** An RFC 4648 base32 TOTP secret as authenticator apps read it. */
export function isBase32Secret(secret: string): boolean {
  return /^[A-Z2-7]{16,64}=*$/.test(secret) && secret.length <= 72;
}

/**
 * Sign-in without a password hands the account to whoever can reach the username or the mailbox, so it is
 * kept away from every role that can change other people's data or see other mandators (admins, project
 * managers, client admins) and from API accounts.
 */
export const NO_PASSWORD_ROLES: readonly Role[] = ['ROLE_USER', 'ROLE_FREE_USER'];

/** Shared mailboxes: a code mailed there reaches several people, so they cannot be a sign-in factor. */
export const ROLE_ADDRESS_LOCAL_PARTS: readonly string[] = [
  'admin',
  'administrator',
  'billing',
  'buero',
  'bureau',
  'contact',
  'empfang',
  'hello',
  'hostmaster',
  'info',
  'kontakt',
  'mail',
  'no-reply',
  'noreply',
  'office',
  'postmaster',
  'reception',
  'root',
  'sales',
  'service',
  'support',
  'team',
  'verwaltung',
  'webmaster',
];

/** Whether an address is personal enough to receive sign-in codes: not a role address like info@ or office@. */
export function isSuitableForEmailLogin(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at).toLowerCase().split('+')[0]!;
  return !ROLE_ADDRESS_LOCAL_PARTS.includes(local);
}

/** Which login methods a user record may carry, given its roles and address. */
export function mayUseLoginMethod(user: { roles: readonly Role[]; email: string }, method: LoginMethod): boolean {
  if (user.roles.length === 0 || user.roles.every(isApiRole)) return false;
  if (method === 'no-password') return user.roles.every((role) => NO_PASSWORD_ROLES.includes(role));
  if (method === 'email') return isSuitableForEmailLogin(user.email);
  return true;
}

/** How an account signs in without a password: a mailed link, a mailed code, or its authenticator app. */
export function passwordlessMethod(user: {
  roles: readonly Role[];
  email: string;
  loginMethod: string;
  twoFactorSecret?: string | null;
}): 'link' | 'email' | 'authenticator' | undefined {
  if (user.loginMethod === 'no-password' && mayUseLoginMethod(user, 'no-password')) return 'link';
  if (user.loginMethod === 'email' && mayUseLoginMethod(user, 'email')) return 'email';
  if (user.loginMethod === 'authenticator' && user.twoFactorSecret && mayUseLoginMethod(user, 'authenticator')) {
    return 'authenticator';
  }
  return undefined;
}

/** Whether a password may open a session for this account (SSO accounts and API accounts never). */
export function acceptsPasswordLogin(user: { roles: readonly Role[]; loginMethod: string }): boolean {
  return user.loginMethod !== 'saml' && user.roles.length > 0 && !user.roles.every(isApiRole);
}

const authCode = z.string().trim().max(16);

export const twoFactorLoginBodySchema = z.object({ data: z.object({ authCode }) });

/** A plain answer of the account flows: the English text and, for the web to show in the user's language, its key. */
export const messageAnswerSchema = z.object({ message: z.string().max(500), key: z.string().max(200).optional() });

export const resetRequestQuerySchema = z.object({ reason: z.enum(RESET_REASONS).default('reset') });
export const resetRequestBodySchema = z.object({ email: z.string().trim().min(1).max(255) });

export const resetTokenParamsSchema = z.object({ token: z.string().max(TOKEN_MAX_LENGTH) });
/** The new password is checked by passwordSchema in the action, so an empty one answers the field's text. */
export const resetPasswordBodySchema = z.object({ password: z.string().max(200) });

export const unsubscribeBodySchema = z.object({
  email: z.string().trim().min(1).max(255),
  token: z.string().trim().max(128),
});

/**
 * Whether a mailed link still works, asked when its page opens so an invalid or expired link says so at once.
 * It tells nothing about accounts: only whether this very token would be accepted.
 */
export const linkCheckAnswerSchema = z.object({ valid: z.boolean() });
export type LinkCheckAnswer = z.infer<typeof linkCheckAnswerSchema>;

/** The shape of an unsubscribe token (an HMAC-SHA256 in hex); anything else cannot be one. */
export function isUnsubscribeToken(token: string): boolean {
  return /^[0-9a-f]{64}$/i.test(token.trim());
}

export const selfTwoFactorSchema = z.object({ twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable() });
export type SelfTwoFactor = z.infer<typeof selfTwoFactorSchema>;

export const selfTwoFactorUpdateSchema = z.object({
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  twoFactorAuthCode: authCode.optional(),
  twoFactorSecret: z.string().trim().max(72).optional(),
  /** Proof for changing or removing a second factor that is set: the password, or a code of the current factor. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  currentCode: authCode.optional(),
});
export type SelfTwoFactorUpdate = z.infer<typeof selfTwoFactorUpdateSchema>;

/**
 * Removing or replacing a second factor that is set needs proof, so a borrowed session cannot switch it off; choosing
 * a first one or keeping the current one does not.
 */
export function twoFactorChangeNeedsProof(
  current: TwoFactorMethod | null,
  change: Pick<SelfTwoFactorUpdate, 'twoFactorMethod' | 'twoFactorSecret'>,
): boolean {
  if (current === null) return false;
  if (change.twoFactorMethod !== current) return true;
  return current === 'authenticator' && Boolean(change.twoFactorSecret);
}

export const twoFactorSecretAnswerSchema = z.object({
  secret: z.string().max(72),
  otpauthUrl: z.string().max(1000),
});

export const twoFactorQrQuerySchema = z.object({ secret: z.string().trim().max(72).refine(isBase32Secret) });

/** What a person may change on their own record; anything else in the body is dropped. */
export const selfUpdateSchema = z.object({
  languageId: z.enum(LANGUAGE_IDS).optional(),
  notificationEnabled: z.boolean().optional(),
});
export type SelfUpdate = z.infer<typeof selfUpdateSchema>;
