import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { useTranslation } from 'react-i18next';
import { DamageGauge, HealthGauge } from '../../../components/damage-gauge';
import { useRopeSettingsHere } from '../../../components/damage-unknown';
import { useFormat } from '../../../lib/format';
import { damageChartQuery } from '../../events';
import { PendingDamageNote, usePendingDamage } from '../../field';

const FACTS = ['ropeType', 'ropeApplication', 'nominalDiameter', 'standard', 'ropeLength', 'installationYear'] as const;
type Fact = (typeof FACTS)[number];

/** The rope's health and damage gauges beside its main data. */
export function RopeSummary({ rope }: { rope: RopeView }) {
  const { t } = useTranslation();
  const settings = useRopeSettingsHere();
  const fmt = useFormat();
  // The gauges include the events of this device not yet synced, computed as the server will.
  const pending = usePendingDamage(rope, null, damageChartQuery(rope.id, null, null, null));
  const damages = pending?.damages ?? rope.damages;
  const text = (fact: Fact): string => {
    const value = rope.attributes[fact];
    if (value === undefined) return t('common.noValue');
    if (fact === 'ropeType' || fact === 'ropeApplication' || fact === 'standard') {
      return t(`ropes.options.${fact as 'ropeType'}.${value as 'other'}`);
    }
    if (fact === 'installationYear') return String(value);
    return fmt.number(Number(value));
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap={4} align="center">
          <Group gap="lg" wrap="nowrap">
            <HealthGauge damages={damages} width={130} caption={t('ropes.detail.health')} href={settings} />
            <DamageGauge damages={damages} width={130} caption={t('common.fields.damage')} href={settings} />
          </Group>
          {pending?.damages ? (
            <Badge color="yellow" variant="light" style={{ textTransform: 'none' }} data-testid="gauges-pending">
              {t('field.pending.gauges')}
            </Badge>
          ) : pending ? (
            <PendingDamageNote pending={pending} />
          ) : null}
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="xs" style={{ flex: 1, minWidth: 260 }}>
          {FACTS.map((fact) => (
            <Stack key={fact} gap={0}>
              <Text size="xs" c="dimmed">
                {t(`ropes.attributes.${fact}`)}
              </Text>
              <Text size="sm" fw={500}>
                {text(fact)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
