import { Alert, Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { OpenedOnce } from '../../../components/opened-once';
import { type Formatters, useFormat } from '../../../lib/format';
import { useWebhookEndpoints, type WebhookEndpoint } from '../api';
import { EndpointStateBadge } from '../components/webhook-badges';
import { WebhooksOnly } from '../components/webhooks-only';
import { useWebhookMandators } from '../use-webhook-mandators';
import { eventTypeLabel } from '../webhook-display';

const WebhookDialog = lazy(() =>
  import('../components/webhook-dialog').then((module) => ({ default: module.WebhookDialog })),
);

function columns(t: TFunction, fmt: Formatters, mandatorName?: (id: number) => string): ColumnDef<WebhookEndpoint>[] {
  return [
    {
      id: 'url',
      header: t('webhooks.fields.url'),
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={`/webhooks/${row.original.id}`}
          size="sm"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.original.url}
        </Anchor>
      ),
    },
    {
      id: 'description',
      header: t('common.fields.description'),
      cell: ({ row }) => row.original.description || t('common.noValue'),
    },
    ...(mandatorName
      ? [
          {
            id: 'mandator',
            header: t('common.fields.mandator'),
            cell: ({ row }) => mandatorName(row.original.mandatorId),
          } satisfies ColumnDef<WebhookEndpoint>,
        ]
      : []),
    {
      id: 'eventTypes',
      header: t('webhooks.fields.eventTypes'),
      cell: ({ row }) => (
        <Text size="sm" title={row.original.eventTypes.map((type) => eventTypeLabel(t, type)).join(', ')}>
          {fmt.integer(row.original.eventTypes.length)}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('common.fields.status'),
      cell: ({ row }) => <EndpointStateBadge endpoint={row.original} />,
    },
    {
      id: 'pending',
      header: t('webhooks.fields.pending'),
      cell: ({ row }) => fmt.integer(row.original.pendingDeliveries),
    },
    {
      id: 'lastDelivery',
      header: t('webhooks.fields.lastDelivery'),
      cell: ({ row }) =>
        row.original.lastDeliveryAt ? fmt.dateTime(row.original.lastDeliveryAt) : t('webhooks.fields.never'),
    },
  ];
}

/** /webhooks: admins and client admins register the endpoints their mandators' events are sent to. */
export function WebhooksPage() {
  return (
    <WebhooksOnly>
      <WebhookList />
    </WebhooksOnly>
  );
}

function WebhookList() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const mandators = useWebhookMandators();
  const [mandatorId, setMandatorId] = useState<number | null>(null);
  const endpoints = useWebhookEndpoints(mandatorId, true);
  const [adding, setAdding] = useState(false);
  const { several, nameOf } = mandators;
  const tableColumns = useMemo(() => columns(t, fmt, several ? nameOf : undefined), [t, fmt, several, nameOf]);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('webhooks.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('webhooks.add')}</Button>
      </Group>
      <Text size="sm" maw={720}>
        {t('webhooks.intro')}
      </Text>
      {several ? (
        <Select
          label={t('common.fields.mandator')}
          placeholder={t('webhooks.allMandators')}
          data={mandators.options}
          value={mandatorId === null ? null : String(mandatorId)}
          onChange={(value) => setMandatorId(value === null ? null : Number(value))}
          clearable
          searchable
          w={320}
          maw="100%"
        />
      ) : null}
      {endpoints.isError ? <Alert color="red">{t('webhooks.loadError')}</Alert> : null}
      <DataTable
        label={t('webhooks.title')}
        data={endpoints.data ?? []}
        columns={tableColumns}
        getRowId={(endpoint) => String(endpoint.id)}
        emptyText={t('webhooks.empty')}
        loading={endpoints.isPending || endpoints.isPlaceholderData || mandators.loading}
        minWidth={several ? 900 : 760}
      />
      <OpenedOnce open={adding}>
        <WebhookDialog
          opened={adding}
          mandatorId={mandatorId}
          onClose={() => setAdding(false)}
          onCreated={(created) => navigate(`/webhooks/${created.id}`)}
        />
      </OpenedOnce>
    </Stack>
  );
}
