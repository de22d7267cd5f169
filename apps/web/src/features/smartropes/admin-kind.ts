import { SMARTROPES_PAGE_SIZE } from '@rope/domain/sensors/limits';
import type { AdminKind } from '../sensors';

/** The smartrope admin screens: the shared admin screens of the sensors feature, told which records they show. */
export const SMARTROPES: AdminKind = {
  texts: 'sensors.smartropes',
  path: '/smartropes',
  permission: 'SMARTROPE_MANAGE',
  pageSize: SMARTROPES_PAGE_SIZE,
};
