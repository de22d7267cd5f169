import { ROLES, type Role } from '../access/roles.ts';
import { buildCsv, type SheetReader, zonedHeader } from '../csv.ts';
import {
  LANGUAGE_IDS,
  LANGUAGES,
  type Language,
  type LanguageId,
  labelsByCode,
  type TranslateKey,
} from '../languages.ts';
import { displayName } from './schemas.ts';

const USER_COLUMNS = [
  'email',
  'name',
  'firstname',
  'lastname',
  'phone',
  'function',
  'role',
  'mandators',
  'language',
  'active',
  'lastLogin',
  'notificationsEnabled',
  'unsubscribedAt',
  'notificationsSent',
  'created',
  'expired',
] as const;
type UserColumn = (typeof USER_COLUMNS)[number];

export interface UserCsvTexts {
  columns: Record<UserColumn, string>;
  roles: Record<Role, string>;
}

/** The users screen's downloads in each language: an export writes the reader's. */
export type UserCsvTextBook = Record<Language, UserCsvTexts>;

/** The downloads' texts in the language of `t`: headers from the locale files' `csv` texts, roles as the screens say. */
export function userCsvTexts(t: TranslateKey): UserCsvTexts {
  return { columns: labelsByCode(USER_COLUMNS, t, 'csv.users.columns'), roles: labelsByCode(ROLES, t, 'users.roles') };
}

const roleLabel = (roles: readonly Role[], texts: UserCsvTexts) => (roles[0] ? texts.roles[roles[0]] : '');

/** A user's language by its name in the reader's language ("Deutsch", "German"), not its code. */
function languageName(languageId: string, reader: SheetReader): string {
  const index = LANGUAGE_IDS.indexOf(languageId as LanguageId);
  if (index < 0) return languageId;
  const tag = (LANGUAGES[index] ?? 'en-US').split('-')[0] ?? 'en';
  const name = new Intl.DisplayNames([reader.language], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(reader.language) + name.slice(1);
}

const header = (
  reader: SheetReader,
  texts: UserCsvTexts,
  columns: readonly UserColumn[],
  zoned: readonly UserColumn[] = [],
) =>
  columns.map((column) => {
    const name = texts.columns[column];
    return zoned.includes(column) ? zonedHeader(name, reader) : name;
  });

export interface CsvUser {
  email: string;
  firstname: string;
  lastname: string;
  roles: readonly Role[];
  isActive: boolean;
}

export interface LoginCsvRow extends CsvUser {
  lastLoginAt: Date | null;
}

export function loginsCsv(reader: SheetReader, rows: readonly LoginCsvRow[], book: UserCsvTextBook): string {
  const texts = book[reader.language];
  return buildCsv(
    reader,
    header(reader, texts, ['email', 'name', 'role', 'lastLogin', 'active'], ['lastLogin']),
    rows.map((row) => [row.email, displayName(row), roleLabel(row.roles, texts), row.lastLoginAt, row.isActive]),
  );
}

export interface NotificationCsvRow extends CsvUser {
  notificationEnabled: boolean;
  unsubscribedAt: Date | null;
  deliveries: number;
}

export function notificationsCsv(
  reader: SheetReader,
  rows: readonly NotificationCsvRow[],
  book: UserCsvTextBook,
): string {
  const texts = book[reader.language];
  return buildCsv(
    reader,
    header(
      reader,
      texts,
      ['email', 'name', 'notificationsEnabled', 'unsubscribedAt', 'notificationsSent'],
      ['unsubscribedAt'],
    ),
    rows.map((row) => [row.email, displayName(row), row.notificationEnabled, row.unsubscribedAt, row.deliveries]),
  );
}

export interface ListCsvRow extends CsvUser {
  phone: string | null;
  function: string | null;
  mandators: readonly string[];
  languageId: string;
}

export function userListCsv(reader: SheetReader, rows: readonly ListCsvRow[], book: UserCsvTextBook): string {
  const texts = book[reader.language];
  return buildCsv(
    reader,
    header(reader, texts, [
      'email',
      'firstname',
      'lastname',
      'phone',
      'function',
      'role',
      'mandators',
      'language',
      'active',
    ]),
    rows.map((row) => [
      row.email,
      row.firstname,
      row.lastname,
      row.phone,
      row.function,
      roleLabel(row.roles, texts),
      row.mandators.join(', '),
      languageName(row.languageId, reader),
      row.isActive,
    ]),
  );
}

export interface ResetCsvRow {
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

export function expiredResetsCsv(reader: SheetReader, rows: readonly ResetCsvRow[], book: UserCsvTextBook): string {
  const texts = book[reader.language];
  return buildCsv(
    reader,
    header(reader, texts, ['email', 'created', 'expired'], ['created', 'expired']),
    rows.map((row) => [row.email, row.createdAt, row.expiresAt]),
  );
}

/** The four admin downloads of the users screen and their file names. */
export const USER_CSV_FILES = {
  logins: 'users-logins.csv',
  notifications: 'users-notifications.csv',
  list: 'users-list.csv',
  resets: 'users-resets.csv',
} as const;
export type UserCsvKind = keyof typeof USER_CSV_FILES;
