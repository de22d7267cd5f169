import { ROWS, type RouteRow } from './route-table.ts';
import { AUTH_ROWS, SYSTEM_ROWS } from './route-table-auth.ts';
import { DOCUMENT_ROWS } from './route-table-documents.ts';
import { DOMAIN_ROWS } from './route-table-domain.ts';
import { MRT_ROWS } from './route-table-mrt.ts';
import { SENSOR_ROWS } from './route-table-sensors.ts';
import { WEBHOOK_ROWS } from './route-table-webhooks.ts';

/** Every row of the authorization matrix, one per route. */
export const TABLE: RouteRow[] = [
  ...SYSTEM_ROWS,
  ...AUTH_ROWS,
  ...ROWS,
  ...DOMAIN_ROWS,
  ...DOCUMENT_ROWS,
  ...SENSOR_ROWS,
  ...MRT_ROWS,
  ...WEBHOOK_ROWS,
];
