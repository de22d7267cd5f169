import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { InstallationView } from '@rope/domain/hierarchy/views';
import { NOTIFICATION_CHANNELS, NOTIFICATION_RULE_TYPES } from '@rope/domain/notifications/kinds';
import type { MandatorUser } from '@rope/domain/users/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { SettingsModal } from '../../../components/settings-modal';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { messageText } from '../../../lib/messages';
import { useSessionUser } from '../../../lib/session/session';
import { useAreaUsers } from '../../areas';
import { useDeleteNotificationSettings, useSaveNotificationSettings } from '../api';
import { ruleTypeLabel } from '../rule-type-label';
import {
  isRuleType,
  type RuleRow,
  settingsFormSpec,
  showsBeforeSave,
  thresholdRange,
  toForm,
  withTrailingRow,
} from '../rules';

interface NotificationSettingsDialogProps {
  installation: InstallationView;
  areaId: number;
  opened: boolean;
  onClose: () => void;
}

/** Channels, recipients and rules of an installation's notifications. */
export function NotificationSettingsDialog({ installation, areaId, opened, onClose }: NotificationSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <SettingsModal
      opened={opened}
      onClose={onClose}
      title={t('notifications.settings.title')}
      closeLabel={t('common.actions.close')}
    >
      <SettingsEditor key={installation.id} installation={installation} areaId={areaId} onClose={onClose} />
    </SettingsModal>
  );
}

function SettingsEditor({ installation, areaId, onClose }: Omit<NotificationSettingsDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const { form: settingsForm, check } = useDomainForm({
    initialValues: toForm(installation.notificationSettings),
    ...settingsFormSpec,
  });
  const form = settingsForm.values;
  const [submitted, setSubmitted] = useState(false);
  const users = useAreaUsers(areaId, true);
  const me = useSessionUser();
  const save = useSaveNotificationSettings(installation.id);
  const remove = useDeleteNotificationSettings(installation.id);
  const checked = check(form);
  const problems = checked.ok ? {} : checked.messages;
  const errorOf = (field: string) => {
    const problem = problems[field];
    if (!problem || !(submitted || showsBeforeSave(field, problem.key))) return undefined;
    return messageText(t, problem, problem.english);
  };

  const userOptions = useMemo(() => {
    // The area's mandator users; admins and project managers see every area, so the signed-in one is offered too.
    const people: Pick<MandatorUser, 'id' | 'email' | 'name'>[] = [...(users.data ?? [])];
    if (me && !people.some((user) => user.id === me.id)) people.push({ id: me.id, email: me.email, name: me.name });
    const known = people.map((user) => ({
      value: String(user.id),
      // A person without a name is named by their email already.
      label: user.name === user.email ? user.email : `${user.name} (${user.email})`,
    }));
    const missing = form.users
      .filter((id) => !known.some((option) => option.value === id))
      .map((id) => ({ value: id, label: `#${id}` }));
    return [...known, ...missing];
  }, [users.data, form.users, me]);

  const typeOptions = useMemo(
    () => NOTIFICATION_RULE_TYPES.map((type) => ({ value: type, label: ruleTypeLabel(t, type) })),
    [t],
  );

  const setRules = (rules: RuleRow[]) => settingsForm.setFieldValue('rules', withTrailingRow(rules));
  const updateRule = (index: number, patch: Partial<RuleRow>) =>
    setRules(form.rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  const removeRule = (index: number) => setRules(form.rules.filter((_rule, at) => at !== index));

  const submit = () => {
    setSubmitted(true);
    if (!checked.ok) {
      notifications.show({ color: 'red', message: t('notifications.settings.invalid') });
      return;
    }
    save.mutate(checked.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('notifications.settings.saved') });
        onClose();
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: failureText(t, error, t('notifications.settings.saveError')) }),
    });
  };

  const askDelete = () =>
    confirmDelete({
      title: t('notifications.settings.deleteTitle'),
      message: t('notifications.settings.deleteConfirm'),
      confirmLabel: t('common.actions.delete'),
      cancelLabel: t('common.actions.cancel'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('notifications.settings.deleted') });
            onClose();
          },
          onError: () => notifications.show({ color: 'red', message: t('notifications.settings.deleteError') }),
        }),
    });

  return (
    <Stack gap="md">
      <Checkbox.Group
        label={t('notifications.settings.channels')}
        value={form.channels}
        onChange={(channels) => settingsForm.setFieldValue('channels', channels)}
        error={errorOf('channels')}
      >
        <Group gap="lg" mt={6}>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <Checkbox key={channel} value={channel} label={t(`notifications.settings.channelLabels.${channel}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label={t('notifications.settings.users')}
        placeholder={form.users.length === 0 ? t('notifications.settings.usersPlaceholder') : undefined}
        data={userOptions}
        value={form.users}
        onChange={(ids) => settingsForm.setFieldValue('users', ids)}
        error={errorOf('users')}
        searchable
        clearable
        nothingFoundMessage="–"
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('notifications.settings.rules')}
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={6} aria-label={t('notifications.settings.rules')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.fields.type')}</Table.Th>
                <Table.Th w={150}>{t('common.fields.threshold')}</Table.Th>
                <Table.Th w={90}>{t('notifications.settings.reset')}</Table.Th>
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.rules.map((rule, index) => {
                const range = thresholdRange(rule.type);
                return (
                  // Rows have no id of their own; their place is what the form edits.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={index} data-rule-row={index}>
                    <Table.Td>
                      <Select
                        aria-label={t('common.fields.type')}
                        placeholder={t('notifications.settings.typePlaceholder')}
                        data={typeOptions}
                        value={rule.type || null}
                        onChange={(value) => updateRule(index, { type: isRuleType(value) ? value : '', threshold: '' })}
                        error={errorOf(`rules.${index}.type`)}
                        searchable
                        clearable
                        comboboxProps={{ withinPortal: true }}
                      />
                    </Table.Td>
                    <Table.Td>
                      {range ? (
                        <NumberInput
                          aria-label={t('common.fields.threshold')}
                          min={range.min}
                          max={range.max}
                          value={rule.threshold}
                          onChange={(value) => updateRule(index, { threshold: typeof value === 'number' ? value : '' })}
                          error={errorOf(`rules.${index}.threshold`)}
                          required
                        />
                      ) : (
                        <Text c="dimmed" size="sm">
                          –
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('notifications.settings.reset')}
                        checked={rule.reset}
                        disabled={!rule.type}
                        onChange={(event) => updateRule(index, { reset: event.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {rule.type ? (
                        <CloseButton
                          aria-label={t('notifications.settings.removeRule')}
                          onClick={() => removeRule(index)}
                        />
                      ) : (
                        <Box w={28} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Group justify="space-between">
        {installation.notificationSettings ? (
          <Button variant="subtle" color="red" onClick={askDelete} loading={remove.isPending}>
            {t('notifications.settings.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
