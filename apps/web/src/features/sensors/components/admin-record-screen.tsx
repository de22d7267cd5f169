import { Center, Loader } from '@mantine/core';
import { parseId } from '@rope/domain/ids';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailedScreen } from '../../../components/screen-alert';
import { ApiError } from '../../../lib/api-client';
import type { AdminKind, AdminRecord } from '../admin-kind';
import { AdminOnly } from './admin-only';

interface AdminRecordScreenProps<Record extends AdminRecord> {
  kind: AdminKind;
  useRecord: (id: number | undefined, enabled: boolean) => UseQueryResult<Record>;
  /** The screen of the loaded record. */
  children: (record: Record) => ReactNode;
}

/** An admin record's page (`:id` in the address), for admins: loading, not found or failed, or the record's screen. */
export function AdminRecordScreen<Record extends AdminRecord>(props: AdminRecordScreenProps<Record>) {
  return (
    <AdminOnly kind={props.kind}>
      <LoadedRecord {...props} />
    </AdminOnly>
  );
}

function LoadedRecord<Record extends AdminRecord>({ kind, useRecord, children }: AdminRecordScreenProps<Record>) {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const record = useRecord(id, true);
  if (id !== undefined && record.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!record.data) {
    return (
      <LoadFailedScreen
        error={record.error ?? new ApiError(404, 'NOT_FOUND', 'not found')}
        notFoundText={t(`${kind.texts}.notFound`)}
        loadErrorText={t(`${kind.texts}.loadError`)}
      />
    );
  }
  return children(record.data);
}
