import { ROLE_LABELS, type Role } from './roles.ts';

export type CsvCell = string | number | boolean | Date | null | undefined;

/** Lets Excel read the file as UTF-8, so umlauts survive. */
export const CSV_BOM = '\uFEFF';

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection), also after blanks.
const FORMULA_START = /^(?:[=+\-@\t\r]|\s+[=+\-@])/;

export function csvCell(value: CsvCell): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'boolean') text = value ? 'yes' : 'no';
  else text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Every cell quoted, CRLF between rows (RFC 4180), with a BOM in front. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

const roleLabel = (roles: readonly Role[]) => (roles[0] ? ROLE_LABELS[roles[0]] : '');
const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

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

export function loginsCsv(rows: readonly LoginCsvRow[]): string {
  return buildCsv(
    ['Email', 'Name', 'Role', 'Last login', 'Active'],
    rows.map((row) => [row.email, fullName(row), roleLabel(row.roles), row.lastLoginAt, row.isActive]),
  );
}

export interface NotificationCsvRow extends CsvUser {
  notificationEnabled: boolean;
  unsubscribedAt: Date | null;
  deliveries: number;
}

export function notificationsCsv(rows: readonly NotificationCsvRow[]): string {
  return buildCsv(
    ['Email', 'Name', 'Notifications enabled', 'Unsubscribed at', 'Notifications sent'],
    rows.map((row) => [row.email, fullName(row), row.notificationEnabled, row.unsubscribedAt, row.deliveries]),
  );
}

export interface ListCsvRow extends CsvUser {
  phone: string | null;
  function: string | null;
  mandators: readonly string[];
  languageId: string;
}

export function userListCsv(rows: readonly ListCsvRow[]): string {
  return buildCsv(
    ['Email', 'First name', 'Last name', 'Phone', 'Function', 'Role', 'Mandators', 'Language', 'Active'],
    rows.map((row) => [
      row.email,
      row.firstname,
      row.lastname,
      row.phone,
      row.function,
      roleLabel(row.roles),
      row.mandators.join(', '),
      row.languageId,
      row.isActive,
    ]),
  );
}

export interface ResetCsvRow {
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

export function expiredResetsCsv(rows: readonly ResetCsvRow[]): string {
  return buildCsv(
    ['Email', 'Created', 'Expired'],
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
