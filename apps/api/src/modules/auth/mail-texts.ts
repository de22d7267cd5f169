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

const ADDRESS_IN_USE: Record<string, MailText> = {
  ENU: {
    subject: 'Someone tried to use your address in Rope Cockpit',
    text:
      'A user administrator in Rope Cockpit entered your email address for another user account. Your address ' +
      'already belongs to your account, so it was not given to anyone and nothing about your account changed.\n\n' +
      'If you are expecting access to another organisation in Rope Cockpit, ask your Rope Cockpit administrator to ' +
      'add your existing account to it. If not, you can ignore this mail.\n',
  },
  DES: {
    subject: 'Jemand wollte Ihre Adresse in Rope Cockpit verwenden',
    text:
      'Eine Benutzerverwaltung in Rope Cockpit hat Ihre E-Mail-Adresse für ein anderes Benutzerkonto eingegeben. ' +
      'Ihre Adresse gehört bereits zu Ihrem Konto; sie wurde niemandem gegeben, und an Ihrem Konto hat sich nichts ' +
      'geändert.\n\nWenn Sie Zugang zu einer weiteren Organisation in Rope Cockpit erwarten, bitten Sie Ihre ' +
      'Rope-Cockpit-Administration, Ihr bestehendes Konto dort hinzuzufügen. Andernfalls können Sie diese E-Mail ' +
      'ignorieren.\n',
  },
  FRS: {
    subject: 'Quelqu’un a voulu utiliser votre adresse dans Rope Cockpit',
    text:
      'Un administrateur des utilisateurs de Rope Cockpit a saisi votre adresse e-mail pour un autre compte. Votre ' +
      'adresse appartient déjà à votre compte : elle n’a été donnée à personne et rien n’a changé sur votre compte.\n\n' +
      'Si vous attendez un accès à une autre organisation dans Rope Cockpit, demandez à votre administrateur Rope ' +
      'Cockpit d’y ajouter votre compte existant. Sinon, vous pouvez ignorer ce message.\n',
  },
  ESP: {
    subject: 'Alguien intentó usar su dirección en Rope Cockpit',
    text:
      'Un administrador de usuarios de Rope Cockpit introdujo su dirección de correo para otra cuenta. Su dirección ' +
      'ya pertenece a su cuenta: no se ha dado a nadie y su cuenta no ha cambiado.\n\n' +
      'Si espera acceso a otra organización en Rope Cockpit, pida a su administrador de Rope Cockpit que añada allí ' +
      'su cuenta existente. Si no, puede ignorar este correo.\n',
  },
};

/** To the holder of an address a client admin gave for another user, in the holder's language. */
export function addressInUseMail(languageId: string): MailText {
  return ADDRESS_IN_USE[languageId] ?? ADDRESS_IN_USE.ENU!;
}
