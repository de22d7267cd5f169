import type { SmartropeView } from '@rope/domain/smartropes/views';
import type { TFunction } from 'i18next';
import { lazy } from 'react';
import type { ColumnDef } from '../../../components/data-table';
import type { Formatters } from '../../../lib/format';
import { AdminListScreen, MountedRopeLink, sensorList } from '../../sensors';
import { SMARTROPES } from '../admin-kind';
import { useSmartropes } from '../api';

const SmartropeDialog = lazy(() =>
  import('../components/smartrope-dialog').then((module) => ({ default: module.SmartropeDialog })),
);

const columns = (t: TFunction, fmt: Formatters): ColumnDef<SmartropeView, unknown>[] => [
  { id: 'uuid', header: t('sensors.smartropes.uuid'), cell: ({ row }) => row.original.uuid },
  { id: 'rope', header: t('common.fields.rope'), cell: ({ row }) => <MountedRopeLink rope={row.original.rope} /> },
  {
    id: 'sensors',
    header: t('sensors.smartropes.sensors'),
    cell: ({ row }) => sensorList(row.original.sensors) || t('common.noValue'),
  },
  {
    id: 'lastEvent',
    header: t('sensors.smartropes.lastEvent'),
    cell: ({ row }) =>
      row.original.lastEventAt === null ? t('common.noValue') : fmt.dateTime(row.original.lastEventAt * 1000),
  },
];

/** /smartropes: admins find, add and open the smartropes. */
export function SmartropesPage() {
  return (
    <AdminListScreen
      kind={SMARTROPES}
      useList={useSmartropes}
      rowsOf={(answer) => answer.smartropes}
      columns={columns}
      minWidth={860}
      AddDialog={SmartropeDialog}
    />
  );
}
