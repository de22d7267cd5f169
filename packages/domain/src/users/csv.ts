import { ROLE_LABELS, type Role } from '../access/roles.ts';
import { buildCsv } from '../csv.ts';
import { displayName } from './schemas.ts';

const roleLabel = (roles: readonly Role[]) => (roles[0] ? ROLE_LABELS[roles[0]] : '');

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
    rows.map((row) => [row.email, displayName(row), roleLabel(row.roles), row.lastLoginAt, row.isActive]),
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
    rows.map((row) => [row.email, displayName(row), row.notificationEnabled, row.unsubscribedAt, row.deliveries]),
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
