import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PendingDamage } from '../use-pending-damage';

/**
 * Says that a damage figure includes entries of this device not yet synced, or, where the device could not work it
 * out, that they are not included yet.
 */
export function PendingDamageNote({ pending }: { pending: PendingDamage }) {
  const { t } = useTranslation();
  if (pending.answer === undefined) return null;
  if (pending.answer === null) {
    return (
      <Text size="xs" fw={500} data-testid="pending-damage-note">
        {t('field.pending.later', { count: pending.count })}
      </Text>
    );
  }
  return (
    <Badge color="yellow" variant="light" data-testid="pending-damage-note" style={{ textTransform: 'none' }}>
      {t('field.pending.included', { count: pending.count })}
    </Badge>
  );
}
