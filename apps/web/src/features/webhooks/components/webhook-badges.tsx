import { Badge } from '@mantine/core';
import type { WebhookDeliveryStatus } from '@rope/domain/webhooks/schemas';
import { useTranslation } from 'react-i18next';
import { WHOLE_BADGE } from '../../../components/status-badge';
import type { WebhookEndpoint } from '../api';
import { DELIVERY_STATUS_TONE, ENDPOINT_STATE_TONE, endpointState } from '../webhook-display';

/** Enabled, disabled by a person, or disabled after a day of failed deliveries. */
export function EndpointStateBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'> }) {
  const { t } = useTranslation();
  const state = endpointState(endpoint);
  return (
    <Badge {...WHOLE_BADGE} variant="light" color={ENDPOINT_STATE_TONE[state]} data-status={state}>
      {t(`webhooks.states.${state}`)}
    </Badge>
  );
}

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge {...WHOLE_BADGE} variant="light" color={DELIVERY_STATUS_TONE[status]} data-status={status}>
      {t(`webhooks.deliveries.statuses.${status}`)}
    </Badge>
  );
}
