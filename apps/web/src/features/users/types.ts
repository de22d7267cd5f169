import type { LanguageId } from '@rope/domain/languages';
import type { Role } from '@rope/domain/roles';
import type { LoginMethod, TwoFactorMethod } from '@rope/domain/user-fields';

/** A row of GET /api/users. */
export interface UserListItem {
  id: number;
  name: string;
  email: string;
  role: Role;
  roles: Role[];
  mandators: { id: number; name: string }[];
  isActive: boolean;
  lastLoginAt: string | null;
}

export interface UserList {
  users: UserListItem[];
  total: number;
}

/** GET /api/users/{id}: the record as the dialog edits it. */
export interface UserDetail {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  function: string | null;
  role: Role;
  roles: Role[];
  mandators: number[];
  loginMethod: LoginMethod;
  twoFactorMethod: TwoFactorMethod | null;
  samlProvider: string | null;
  languageId: LanguageId;
  notificationEnabled: boolean;
  isActive: boolean;
  pictureUri: string | null;
}

export interface UsersQuery {
  search: string;
  page: number;
  showFree: boolean;
}
