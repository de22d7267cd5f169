import { Alert, Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { NotificationView } from '@rope/domain/notifications/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { useFormat } from '../../../lib/format';
import {
  DEFAULT_NOTIFICATION_LIMIT,
  NOTIFICATION_LIMITS,
  type NotificationLimit,
  useInstallationNotifications,
} from '../api';
import { ruleTypeLabel } from '../rule-type-label';

/** The row-limit choice 10/20/50/100 of the notification and dashboard tables. */
export function RowLimitControl({
  value,
  onChange,
  label,
}: {
  value: NotificationLimit;
  onChange: (limit: NotificationLimit) => void;
  label: string;
}) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={label}
        value={String(value)}
        onChange={(next) => onChange(Number(next) as NotificationLimit)}
        data={NOTIFICATION_LIMITS.map((limit) => String(limit))}
      />
    </Group>
  );
}

/** The installation's notifications, newest first, with a row limit (default 10). */
export function NotificationsTable({ areaId, installationId }: { areaId: number; installationId: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [limit, setLimit] = useState<NotificationLimit>(DEFAULT_NOTIFICATION_LIMIT);
  const list = useInstallationNotifications(installationId, limit);
  const columns = useMemo<ColumnDef<NotificationView, unknown>[]>(() => {
    return [
      {
        id: 'triggeredAt',
        header: t('notifications.table.triggeredAt'),
        cell: ({ row }) => fmt.dateTime(row.original.triggeredAt),
      },
      {
        id: 'type',
        header: t('common.fields.type'),
        cell: ({ row }) => ruleTypeLabel(t, row.original.type),
      },
      {
        id: 'rope',
        header: t('common.fields.rope'),
        cell: ({ row }) =>
          row.original.rope ? (
            <Anchor
              component={Link}
              to={`/areas/${areaId}/installations/${installationId}/ropes/${row.original.rope.id}`}
            >
              {row.original.rope.name}
            </Anchor>
          ) : (
            '–'
          ),
      },
      { id: 'text', header: t('notifications.table.text'), cell: ({ row }) => row.original.text },
    ];
  }, [t, fmt, areaId, installationId]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('notifications.table.title')}
        </Title>
        <RowLimitControl value={limit} onChange={setLimit} label={t('common.rows')} />
      </Group>
      {list.isError ? <Alert color="red">{t('notifications.table.loadError')}</Alert> : null}
      <DataTable
        label={t('notifications.table.title')}
        data={list.data ?? []}
        columns={columns}
        getRowId={(notification) => String(notification.id)}
        emptyText={t('notifications.table.empty')}
        loading={list.isPending}
        minWidth={640}
      />
    </Stack>
  );
}
