import { Alert, Button, Center, Group, Select, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@rope/domain/webhooks/schemas';
import type { TFunction } from 'i18next';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { OpenedOnce } from '../../../components/opened-once';
import { type Formatters, useFormat } from '../../../lib/format';
import { useWebhookDeliveries, type WebhookDelivery, type WebhookEndpoint } from '../api';
import { attemptErrorText, eventTypeLabel } from '../webhook-display';
import { DeliveryStatusBadge } from './webhook-badges';

const DeliveryDialog = lazy(() => import('./delivery-dialog').then((module) => ({ default: module.DeliveryDialog })));

const isStatus = (value: string | null): value is WebhookDeliveryStatus =>
  (WEBHOOK_DELIVERY_STATUSES as readonly (string | null)[]).includes(value);

/** The last answer of a delivery: the receiver's status code, or why nothing came back. */
export function lastResult(t: TFunction, delivery: Pick<WebhookDelivery, 'lastStatusCode' | 'lastError'>): string {
  if (delivery.lastError) return attemptErrorText(t, delivery.lastError);
  if (delivery.lastStatusCode !== null) return t('webhooks.deliveries.code', { code: delivery.lastStatusCode });
  return t('common.noValue');
}

function columns(t: TFunction, fmt: Formatters, open: (delivery: WebhookDelivery) => void) {
  const list: ColumnDef<WebhookDelivery>[] = [
    {
      id: 'createdAt',
      header: t('webhooks.deliveries.time'),
      cell: ({ row }) => (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => open(row.original)}
          aria-label={t('webhooks.deliveries.open', { time: fmt.dateTime(row.original.createdAt) })}
        >
          {fmt.dateTime(row.original.createdAt)}
        </Button>
      ),
    },
    {
      id: 'eventType',
      header: t('webhooks.deliveries.eventType'),
      cell: ({ row }) => eventTypeLabel(t, row.original.eventType),
    },
    {
      id: 'status',
      header: t('common.fields.status'),
      cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} />,
    },
    {
      id: 'attempts',
      header: t('webhooks.deliveries.attempts'),
      cell: ({ row }) => fmt.integer(row.original.attempts),
    },
    {
      id: 'lastResult',
      header: t('webhooks.deliveries.lastResult'),
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {lastResult(t, row.original)}
        </Text>
      ),
    },
    {
      id: 'nextAttemptAt',
      header: t('webhooks.deliveries.nextAttempt'),
      cell: ({ row }) =>
        row.original.status === 'pending' && row.original.nextAttemptAt
          ? fmt.dateTime(row.original.nextAttemptAt)
          : t('common.noValue'),
    },
  ];
  return list;
}

/** An endpoint's deliveries, newest first, a page at a time, by status; each opens with its payload and attempts. */
export function DeliveriesSection({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const deliveries = useWebhookDeliveries(endpoint.id, status, endpoint.enabled);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const rows = useMemo(() => deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [], [deliveries.data]);
  const tableColumns = useMemo(() => columns(t, fmt, setOpen), [t, fmt]);
  const title = t('webhooks.deliveries.title');
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhook-deliveries-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" id="webhook-deliveries-title">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webhooks.deliveries.intro')}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('webhooks.deliveries.statusFilter')}
            data={[
              { value: 'all', label: t('webhooks.deliveries.all') },
              ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({
                value,
                label: t(`webhooks.deliveries.statuses.${value}`),
              })),
            ]}
            value={status ?? 'all'}
            onChange={(value) => setStatus(isStatus(value) ? value : null)}
            allowDeselect={false}
            w={200}
          />
          <Button variant="default" onClick={() => void deliveries.refetch()} loading={deliveries.isRefetching}>
            {t('webhooks.deliveries.refresh')}
          </Button>
        </Group>
      </Group>
      {deliveries.isError ? <Alert color="red">{t('webhooks.deliveries.loadError')}</Alert> : null}
      <DataTable
        label={title}
        data={rows}
        columns={tableColumns}
        getRowId={(delivery) => String(delivery.id)}
        emptyText={t('webhooks.deliveries.empty')}
        loading={deliveries.isPending}
        minWidth={880}
      />
      {deliveries.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void deliveries.fetchNextPage()}
            loading={deliveries.isFetchingNextPage}
          >
            {t('webhooks.deliveries.loadMore')}
          </Button>
        </Center>
      ) : null}
      <OpenedOnce open={open !== null}>
        <DeliveryDialog endpointId={endpoint.id} delivery={open} onClose={() => setOpen(null)} />
      </OpenedOnce>
    </Stack>
  );
}
