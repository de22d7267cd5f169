import { Button, Fieldset, Stack, Tabs, Text } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { allowsMutations } from '@rope/domain/ropes/kinds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventBody } from '../api';
import { emptySplice, eventTabs, tabOfError } from '../event-form';
import { checkSplices } from '../splice-checks';
import type { EventForm } from './form-type';
import { GeneralTab } from './general-tab';
import { MrtTab } from './mrt-tab';
import { MutationTab } from './mutation-tab';
import { SpecificsTab } from './specifics-tab';
import { SpliceTab } from './splice-tab';

interface EventTabsProps {
  form: EventForm;
  rope: RopeView;
  editable: boolean;
  isNew: boolean;
  /** Inputs locked (shown event, or an import being saved); the tabs still switch. */
  disabled: boolean;
  importedDamages?: readonly EventBody[];
}

/** General, Specifics, MRT Inspection, one tab per splice, New splice and Mutation, as the event's type needs. */
export function EventTabs({ form, rope, editable, isNew, disabled, importedDamages }: EventTabsProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState<string | null>('general');
  const show = eventTabs(form.values);
  const splices = form.values.attributes.splices;
  const nominal = rope.attributes.nominalDiameter;
  const checks = checkSplices(splices, nominal);
  const invalid = new Set(Object.keys(form.errors).map((path) => tabOfError(path, form.values)));
  const visible = [
    'general',
    ...(show.specifics ? ['specifics'] : []),
    ...(show.mrt ? ['mrt'] : []),
    ...(show.splices ? splices.map((_, index) => `splice-${index}`) : []),
    ...(show.splices && editable ? ['new-splice'] : []),
    ...(show.mutation ? ['mutation'] : []),
  ];
  // A type change can take the open tab away: fall back to General.
  const current = active && visible.includes(active) ? active : 'general';

  const addSplice = () => {
    form.insertListItem('attributes.splices', emptySplice());
    setActive(`splice-${splices.length}`);
  };
  const removeSplice = (index: number) => {
    form.removeListItem('attributes.splices', index);
    setActive(index > 0 ? `splice-${index - 1}` : 'general');
  };
  const tab = (value: string, label: string) => (
    <Tabs.Tab
      key={value}
      value={value}
      c={invalid.has(value) ? 'red' : undefined}
      data-invalid={invalid.has(value) || undefined}
    >
      {label}
    </Tabs.Tab>
  );

  return (
    <Tabs value={current} onChange={setActive} keepMounted={false}>
      <Tabs.List mb="md">
        {tab('general', t('common.fields.general'))}
        {show.specifics ? tab('specifics', t('events.tabs.specifics')) : null}
        {show.mrt ? tab('mrt', t('events.tabs.mrt')) : null}
        {show.splices
          ? splices.map((_, index) => tab(`splice-${index}`, t('events.tabs.splice', { number: index + 1 })))
          : null}
        {show.splices && editable ? tab('new-splice', t('events.tabs.newSplice')) : null}
        {show.mutation ? tab('mutation', t('enums.recordingTypes.mutation')) : null}
      </Tabs.List>
      <Tabs.Panel value="general">
        <Fieldset variant="unstyled" disabled={disabled}>
          <GeneralTab form={form} allowsMutations={allowsMutations(rope.attributes)} lockRecordingType={!isNew} />
        </Fieldset>
      </Tabs.Panel>
      <Tabs.Panel value="specifics">
        <Fieldset variant="unstyled" disabled={disabled}>
          <SpecificsTab form={form} rope={rope.attributes} />
        </Fieldset>
      </Tabs.Panel>
      <Tabs.Panel value="mrt">
        <Fieldset variant="unstyled" disabled={disabled}>
          <MrtTab form={form} rope={rope.attributes} damages={importedDamages} />
        </Fieldset>
      </Tabs.Panel>
      {splices.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: splices are addressed by their place in the list
        <Tabs.Panel key={index} value={`splice-${index}`}>
          <Fieldset variant="unstyled" disabled={disabled}>
            <SpliceTab
              form={form}
              index={index}
              check={checks[index] ?? { short: false, close: false }}
              nominalDiameter={nominal}
              editable={editable}
              onRemove={() => removeSplice(index)}
            />
          </Fieldset>
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="new-splice">
        <Fieldset variant="unstyled" disabled={disabled}>
          <Stack align="flex-start" gap="sm">
            <Text size="sm" c="dimmed">
              {t('events.splice.newHint')}
            </Text>
            <Button onClick={addSplice}>{t('events.splice.add')}</Button>
          </Stack>
        </Fieldset>
      </Tabs.Panel>
      <Tabs.Panel value="mutation">
        <Fieldset variant="unstyled" disabled={disabled}>
          <MutationTab form={form} />
        </Fieldset>
      </Tabs.Panel>
    </Tabs>
  );
}
