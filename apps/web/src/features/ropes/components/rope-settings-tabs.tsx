import { SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AttributeValues } from '../../installations/attribute-form';
import { AttributeFields } from '../../installations/components/attribute-fields';
import { CROSS_SECTION_MODE, isRopeFieldShown, ROPE_FIELDS, ROPE_TABS, type RopeTab } from '../rope-fields';

/** Construction, dimensions, service and comment: the rope attribute catalogue. */
export function RopeSettingsTabs({ form, readOnly }: { form: UseFormReturnType<AttributeValues>; readOnly: boolean }) {
  const { t } = useTranslation();
  const shown = (tab: RopeTab) => ROPE_FIELDS[tab].filter((field) => isRopeFieldShown(field.key, form.values));
  const hasError = (tab: RopeTab) => shown(tab).some((field) => form.errors[field.key]);
  const label = (key: string) => t(`ropes.attributes.${key as 'ropeType'}`);
  const optionLabel = (key: string, option: string) => t(`ropes.options.${key as 'ropeType'}.${option as 'other'}`);
  return (
    <Tabs defaultValue="construction" keepMounted>
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
  );
}
