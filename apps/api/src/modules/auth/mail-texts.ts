import {
  ACTIVATION_TOKEN_TTL_MS,
  EMAIL_CODE_TTL_MS,
  LOGIN_LINK_TTL_MS,
  RESET_TOKEN_TTL_MS,
  type ResetReason,
} from '@rope/domain/auth/rules';

export interface MailText {
  subject: string;
  text: string;
}

const minutes = (ms: number) => Math.round(ms / 60_000);
const hours = (ms: number) => Math.round(ms / 3_600_000);

export function tokenMail(reason: ResetReason | 'expired', link: string): MailText {
  if (reason === 'activate') {
    return {
      subject: 'Activate your Rope Cockpit account',
      text:
        `To activate your Rope Cockpit account, choose your password here:\n\n${link}\n\n` +
        `The link works once and for ${hours(ACTIVATION_TOKEN_TTL_MS)} hours. ` +
        'If you did not ask for it, you can ignore this mail.\n',
    };
  }
  const intro =
    reason === 'expired'
      ? 'Your Rope Cockpit password has expired. Choose a new one here:'
      : 'To reset your Rope Cockpit password, choose a new one here:';
  return {
    subject: reason === 'expired' ? 'Renew your Rope Cockpit password' : 'Reset your Rope Cockpit password',
    text:
      `${intro}\n\n${link}\n\nThe link works once and for ${minutes(RESET_TOKEN_TTL_MS)} minutes. ` +
      'If you did not ask for it, you can ignore this mail; your password stays as it is.\n',
  };
}

export function loginCodeMail(code: string): MailText {
  return {
    subject: `Your Rope Cockpit sign-in code: ${code}`,
    text:
      `Your sign-in code is ${code}\n\nIt works once and for ${minutes(EMAIL_CODE_TTL_MS)} minutes. ` +
      'If you did not try to sign in, change your password.\n',
  };
}

export function proofCodeMail(code: string): MailText {
  return {
    subject: `Your Rope Cockpit code to change two-factor authentication: ${code}`,
    text:
      `Your code to change two-factor authentication is ${code}\n\nIt works once and for ${minutes(EMAIL_CODE_TTL_MS)} ` +
      'minutes, in the session that asked for it. If you did not ask for it, sign out everywhere and tell your administrator.\n',
  };
}

export function loginLinkMail(link: string): MailText {
  return {
    subject: 'Your Rope Cockpit sign-in link',
    text:
      `Sign in to Rope Cockpit with this link:\n\n${link}\n\nIt works once and for ${minutes(LOGIN_LINK_TTL_MS)} minutes. ` +
      'If you did not try to sign in, you can ignore this mail.\n',
  };
}
