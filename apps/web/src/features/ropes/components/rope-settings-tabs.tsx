import { Alert, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DamageInput } from '@rope/domain/ropes/missing-inputs';
import { useTranslation } from 'react-i18next';
import { useMissingInputTexts } from '../../../components/damage-unknown';
import type { AttributeValues } from '../../installations';
import { AttributeFields } from '../../installations';
import { CROSS_SECTION_MODE, isRopeFieldShown, ROPE_FIELDS, ROPE_TABS, type RopeTab } from '../rope-fields';

/**
 * Construction, dimensions, service and comment: the rope attribute catalogue. When the rope's damage cannot be
 * computed, what to set leads, and the first tab holding a missing input opens.
 */
export function RopeSettingsTabs({
  form,
  readOnly,
  missing = [],
}: {
  form: UseFormReturnType<AttributeValues>;
  readOnly: boolean;
  missing?: readonly DamageInput[];
}) {
  const { t } = useTranslation();
  const texts = useMissingInputTexts(missing);
  const firstTab =
    ROPE_TABS.find((tab) => ROPE_FIELDS[tab].some((field) => field.key === missing[0])) ?? 'construction';
  const shown = (tab: RopeTab) => ROPE_FIELDS[tab].filter((field) => isRopeFieldShown(field.key, form.values));
  const hasError = (tab: RopeTab) => shown(tab).some((field) => form.errors[field.key]);
  const label = (key: string) => t(`ropes.attributes.${key as 'ropeType'}`);
  const optionLabel = (key: string, option: string) => t(`ropes.options.${key as 'ropeType'}.${option as 'other'}`);
  return (
    <Stack gap="sm">
      {texts.length > 0 ? (
        <Alert color="gray" title={t('maps.gauge.unknownTitle')} data-testid="rope-settings-missing">
          {texts.map((text) => (
            <Text key={text} size="sm">
              {text}
            </Text>
          ))}
        </Alert>
      ) : null}
      <Tabs defaultValue={firstTab} keepMounted>
        <Tabs.List>
          {ROPE_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} c={hasError(tab) ? 'red' : undefined}>
              {t(`ropes.settings.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ROPE_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <Stack gap="sm">
              {tab === 'dimensions' ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('ropes.settings.crossSection')}
                  </Text>
                  <SegmentedControl
                    disabled={readOnly}
                    value={String(form.values[CROSS_SECTION_MODE])}
                    onChange={(mode) => form.setFieldValue(CROSS_SECTION_MODE, mode)}
                    data={[
                      { value: 'metallic', label: t('ropes.attributes.metallicCrossSection') },
                      { value: 'fill', label: t('ropes.attributes.fillFactor') },
                    ]}
                  />
                </Stack>
              ) : null}
              <AttributeFields
                form={form}
                fields={shown(tab)}
                label={label}
                optionLabel={optionLabel}
                editable={() => !readOnly}
                nothingFound={t('areas.dialog.nothingFound')}
              />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
