import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { DamageView } from '@rope/domain/hierarchy/views';
import type { DamageInput } from '@rope/domain/ropes/missing-inputs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** On the rope page: the same page with the rope settings open (see ropeSettingsPath). */
export function useRopeSettingsHere(): string {
  const { pathname } = useLocation();
  return `${pathname}?settings=open`;
}

/** What to set for each missing input ("Set the nominal diameter in the rope settings."). */
export function useMissingInputTexts(missing: readonly DamageInput[]): string[] {
  const { t } = useTranslation();
  return missing.map((input) => t(`maps.gauge.missing.${input}`));
}

/**
 * Why a damage is unknown, in the user's language: the inputs to set, led by how many ropes are affected when the
 * damage is an installation's or area's. Empty for a damage that is known or not recorded.
 */
export function useUnknownDamageReason(damages: DamageView, ofRopesBelow = false): string {
  const { t } = useTranslation();
  const texts = useMissingInputTexts(damages?.status === 'unknown' ? damages.missingInputs : []);
  if (damages?.status !== 'unknown') return '';
  const lead =
    ofRopesBelow || damages.unknownRopes > 1 ? [t('maps.gauge.unknownRopes', { count: damages.unknownRopes })] : [];
  return [...lead, ...texts].join(' ');
}

/** A map feature's label: its name, and that its damage is unknown when it is (the feature is drawn grey). */
export function damageMapLabel(t: TFunction, name: string, damages: DamageView): string {
  return damages?.status === 'unknown' ? t('maps.gauge.unknownOnMap', { name }) : name;
}

/** One grey line under an item's name when its damage is unknown: "Damage unknown: 1 rope cannot be assessed. …". */
export function UnknownDamageHint({ damages, ofRopesBelow }: { damages: DamageView; ofRopesBelow?: boolean }) {
  const { t } = useTranslation();
  const reason = useUnknownDamageReason(damages, ofRopesBelow);
  if (damages?.status !== 'unknown') return null;
  return (
    <Text size="xs" c="dimmed" data-testid="damage-unknown-hint">
      {t('maps.gauge.unknownDamage', { reason })}
    </Text>
  );
}

/** The chart area's notice for a rope whose damage cannot be computed: the reasons and a link to its settings. */
export function UnknownDamageNotice({
  missing,
  damageCount,
  settingsHref,
}: {
  missing: readonly DamageInput[];
  damageCount: number;
  settingsHref?: string;
}) {
  const { t } = useTranslation();
  const texts = useMissingInputTexts(missing);
  return (
    <Alert color="gray" title={t('maps.gauge.unknownTitle')} data-testid="damage-unknown-notice">
      <Stack gap={4}>
        <Text size="sm">
          {damageCount > 0
            ? t('maps.gauge.unknownRecorded', { count: damageCount })
            : t('maps.gauge.unknownNoneRecorded')}
        </Text>
        {texts.map((text) => (
          <Text key={text} size="sm">
            {text}
          </Text>
        ))}
        {settingsHref ? (
          <Anchor component={Link} to={settingsHref} size="sm">
            {t('maps.gauge.openSettings')}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
