import type { Role } from '../access/roles.ts';
import { buildCsv, type SheetReader, zonedHeader } from '../csv.ts';
import { LANGUAGE_IDS, LANGUAGES, type Language, type LanguageId } from '../languages.ts';
import { displayName } from './schemas.ts';

type UserColumn =
  | 'email'
  | 'name'
  | 'firstname'
  | 'lastname'
  | 'phone'
  | 'function'
  | 'role'
  | 'mandators'
  | 'language'
  | 'active'
  | 'lastLogin'
  | 'notificationsEnabled'
  | 'unsubscribedAt'
  | 'notificationsSent'
  | 'created'
  | 'expired';

interface UserCsvTexts {
  columns: Record<UserColumn, string>;
  roles: Record<Role, string>;
}

/** The users screen's downloads in each language, the role labels as the screens name them. */
export const USER_CSV_TEXTS: Record<Language, UserCsvTexts> = {
  'en-US': {
    columns: {
      email: 'Email',
      name: 'Name',
      firstname: 'First name',
      lastname: 'Last name',
      phone: 'Phone',
      function: 'Function',
      role: 'Role',
      mandators: 'Mandators',
      language: 'Language',
      active: 'Active',
      lastLogin: 'Last login',
      notificationsEnabled: 'Notifications enabled',
      unsubscribedAt: 'Unsubscribed at',
      notificationsSent: 'Notifications sent',
      created: 'Created',
      expired: 'Expired',
    },
    roles: {
      ROLE_ADMIN: 'Admin',
      ROLE_PROJECT_MANAGER: 'Project manager',
      ROLE_CLIENT_ADMIN: 'Client Admin',
      ROLE_USER: 'Client',
      ROLE_FREE_USER: 'Free user',
      ROLE_API_INTERNAL: 'API (internal)',
      ROLE_API_IMPORT: 'API (data import)',
      ROLE_API_EXTERNAL: 'API (external)',
    },
  },
  'de-DE': {
    columns: {
      email: 'E-Mail',
      name: 'Name',
      firstname: 'Vorname',
      lastname: 'Nachname',
      phone: 'Telefon',
      function: 'Funktion',
      role: 'Rolle',
      mandators: 'Mandanten',
      language: 'Sprache',
      active: 'Aktiv',
      lastLogin: 'Letzte Anmeldung',
      notificationsEnabled: 'Benachrichtigungen aktiviert',
      unsubscribedAt: 'Abgemeldet am',
      notificationsSent: 'Gesendete Benachrichtigungen',
      created: 'Erstellt',
      expired: 'Abgelaufen',
    },
    roles: {
      ROLE_ADMIN: 'Administrator',
      ROLE_PROJECT_MANAGER: 'Projektleiter',
      ROLE_CLIENT_ADMIN: 'Kunden-Administrator',
      ROLE_USER: 'Kunde',
      ROLE_FREE_USER: 'Freier Benutzer',
      ROLE_API_INTERNAL: 'API (intern)',
      ROLE_API_IMPORT: 'API (Datenimport)',
      ROLE_API_EXTERNAL: 'API (extern)',
    },
  },
  'fr-FR': {
    columns: {
      email: 'E-mail',
      name: 'Nom',
      firstname: 'Prénom',
      lastname: 'Nom de famille',
      phone: 'Téléphone',
      function: 'Fonction',
      role: 'Rôle',
      mandators: 'Mandants',
      language: 'Langue',
      active: 'Actif',
      lastLogin: 'Dernière connexion',
      notificationsEnabled: 'Notifications activées',
      unsubscribedAt: 'Désabonné le',
      notificationsSent: 'Notifications envoyées',
      created: 'Créée',
      expired: 'Expirée',
    },
    roles: {
      ROLE_ADMIN: 'Administrateur',
      ROLE_PROJECT_MANAGER: 'Chef de projet',
      ROLE_CLIENT_ADMIN: 'Administrateur client',
      ROLE_USER: 'Client',
      ROLE_FREE_USER: 'Utilisateur libre',
      ROLE_API_INTERNAL: 'API (interne)',
      ROLE_API_IMPORT: 'API (import de données)',
      ROLE_API_EXTERNAL: 'API (externe)',
    },
  },
  'es-ES': {
    columns: {
      email: 'Correo electrónico',
      name: 'Nombre',
      firstname: 'Nombre de pila',
      lastname: 'Apellidos',
      phone: 'Teléfono',
      function: 'Función',
      role: 'Rol',
      mandators: 'Mandantes',
      language: 'Idioma',
      active: 'Activo',
      lastLogin: 'Último inicio de sesión',
      notificationsEnabled: 'Notificaciones activadas',
      unsubscribedAt: 'Baja el',
      notificationsSent: 'Notificaciones enviadas',
      created: 'Creado',
      expired: 'Caducado',
    },
    roles: {
      ROLE_ADMIN: 'Administrador',
      ROLE_PROJECT_MANAGER: 'Jefe de proyecto',
      ROLE_CLIENT_ADMIN: 'Administrador de cliente',
      ROLE_USER: 'Cliente',
      ROLE_FREE_USER: 'Usuario libre',
      ROLE_API_INTERNAL: 'API (interna)',
      ROLE_API_IMPORT: 'API (importación de datos)',
      ROLE_API_EXTERNAL: 'API (externa)',
    },
  },
};

const roleLabel = (roles: readonly Role[], reader: SheetReader) =>
  roles[0] ? USER_CSV_TEXTS[reader.language].roles[roles[0]] : '';

/** A user's language by its name in the reader's language ("Deutsch", "German"), not its code. */
function languageName(languageId: string, reader: SheetReader): string {
  const index = LANGUAGE_IDS.indexOf(languageId as LanguageId);
  if (index < 0) return languageId;
  const tag = (LANGUAGES[index] ?? 'en-US').split('-')[0] ?? 'en';
  const name = new Intl.DisplayNames([reader.language], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(reader.language) + name.slice(1);
}

const header = (reader: SheetReader, columns: readonly UserColumn[], zoned: readonly UserColumn[] = []) =>
  columns.map((column) => {
    const name = USER_CSV_TEXTS[reader.language].columns[column];
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

export function loginsCsv(reader: SheetReader, rows: readonly LoginCsvRow[]): string {
  return buildCsv(
    reader,
    header(reader, ['email', 'name', 'role', 'lastLogin', 'active'], ['lastLogin']),
    rows.map((row) => [row.email, displayName(row), roleLabel(row.roles, reader), row.lastLoginAt, row.isActive]),
  );
}

export interface NotificationCsvRow extends CsvUser {
  notificationEnabled: boolean;
  unsubscribedAt: Date | null;
  deliveries: number;
}

export function notificationsCsv(reader: SheetReader, rows: readonly NotificationCsvRow[]): string {
  return buildCsv(
    reader,
    header(
      reader,
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

export function userListCsv(reader: SheetReader, rows: readonly ListCsvRow[]): string {
  return buildCsv(
    reader,
    header(reader, ['email', 'firstname', 'lastname', 'phone', 'function', 'role', 'mandators', 'language', 'active']),
    rows.map((row) => [
      row.email,
      row.firstname,
      row.lastname,
      row.phone,
      row.function,
      roleLabel(row.roles, reader),
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

export function expiredResetsCsv(reader: SheetReader, rows: readonly ResetCsvRow[]): string {
  return buildCsv(
    reader,
    header(reader, ['email', 'created', 'expired'], ['created', 'expired']),
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
