import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RopeView } from '@rope/domain/hierarchy/views';
import {
  CONDITION_TYPES,
  INSPECTION_TYPES,
  TASK_COMPONENTS,
  TASK_STATUSES,
  TASK_TEXT_MAX,
  TASK_TITLE_MAX,
} from '@rope/domain/tasks/kinds';
import { assigneeProblem } from '@rope/domain/tasks/rules';
import { onlineManager } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedTextInput } from '../../../components/limited-input';
import { LimitedTextarea } from '../../../components/limited-textarea';
import { useDomainForm } from '../../../lib/domain-form';
import { failureText } from '../../../lib/failure-text';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { useAssignableUsers, useSaveTask } from '../api';
import { statusOrNoteChange } from '../offline-task-change';
import { assigneeOptions, initialTaskValues, type TaskFormValues, taskFormSpec } from '../task-form';
import type { TaskDialogTarget } from './task-dialog';

interface TaskEditorProps {
  rope: RopeView;
  target: TaskDialogTarget;
  onDone: () => void;
}

/** The task form: checked with the domain's task rules, the server's field errors on the inputs. */
export function TaskEditor({ rope, target, onDone }: TaskEditorProps) {
  const { t } = useTranslation();
  const editable = target.mode !== 'view';
  const stored = target.mode === 'new' ? undefined : target.task;
  const canInternal = useCan('TASK_INTERNAL');
  const candidates = useAssignableUsers(rope.id, editable);
  const me = useSessionUser();
  const save = useSaveTask(rope);
  const [failure, setFailure] = useState<string | null>(null);

  /** The domain's assignee rule over the known candidates, before the API is asked. */
  const assigneeRule = (current: TaskFormValues) => {
    const chosen = (candidates.data ?? []).filter((user) => current.assignedUserIds.includes(String(user.id)));
    const problem = assigneeProblem({ roles: me?.roles ?? [] }, current.isInternal, chosen);
    return problem ? { assignedUserIds: problem } : {};
  };
  const { form, onSubmit, showServerErrors } = useDomainForm({
    initialValues: initialTaskValues(stored),
    ...taskFormSpec(rope.id, assigneeRule),
  });
  const values = form.getValues();

  const userOptions = assigneeOptions(candidates.data ?? [], stored, values);

  const fail = (error: unknown) => {
    if (!showServerErrors(error)) setFailure(failureText(t, error, t('tasks.dialog.tryLater')));
  };

  const submit = onSubmit((task) => {
    setFailure(null);
    const change = stored ? statusOrNoteChange(stored, form.getValues()) : null;
    if (!onlineManager.isOnline() && change === null) return setFailure(t('field.outbox.taskOfflineOnly'));
    save.mutate(
      { id: stored?.id, task, stored, change },
      {
        onSuccess: (outcome) => {
          notifications.show(
            outcome.queued
              ? { color: 'yellow', message: t('field.outbox.queued') }
              : outcome.nextTask
                ? { color: 'blue', message: t('tasks.dialog.nextTaskCreated'), autoClose: 8000 }
                : { color: 'green', message: t('tasks.dialog.saved') },
          );
          onDone();
        },
        onError: fail,
      },
    );
  });

  const conditionOptions = CONDITION_TYPES.map((type) => ({ value: type, label: t(`tasks.conditionTypes.${type}`) }));
  const conditions = values.recurringConditions;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <LimitedTextInput
          label={t('common.fields.title')}
          required
          limit={TASK_TITLE_MAX}
          disabled={!editable}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <LimitedTextarea
          label={t('common.fields.description')}
          required
          autosize
          minRows={3}
          maxRows={10}
          limit={TASK_TEXT_MAX}
          disabled={!editable}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <Select
            label={t('common.fields.status')}
            required
            allowDeselect={false}
            data={TASK_STATUSES.map((status) => ({ value: status, label: t(`tasks.status.${status}`) }))}
            disabled={!editable}
            {...form.getInputProps('status')}
          />
          <TextInput
            type="date"
            label={t('tasks.dialog.dueAt')}
            disabled={!editable}
            {...form.getInputProps('dueAt')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('tasks.dialog.dueConditionType')}
            placeholder={t('tasks.dialog.none')}
            clearable
            data={[{ value: 'bendingCycles', label: t('common.fields.bendingCycles') }]}
            disabled={!editable}
            {...form.getInputProps('dueConditionType')}
            value={values.dueConditionType || null}
            onChange={(value) => form.setFieldValue('dueConditionType', value === 'bendingCycles' ? value : '')}
          />
          <NumberInput
            label={t('tasks.dialog.dueConditionThreshold')}
            min={1}
            allowNegative={false}
            thousandSeparator="'"
            disabled={!editable}
            {...form.getInputProps('dueConditionThreshold')}
          />
        </Group>
        <Switch
          label={t('tasks.dialog.isRecurring')}
          disabled={!editable}
          {...form.getInputProps('isRecurring', { type: 'checkbox' })}
        />
        {values.isRecurring ? (
          <Stack gap="xs" pl="md">
            <Text size="sm" fw={500}>
              {t('tasks.dialog.recurringConditions')}
            </Text>
            {conditions.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the form's own list, edited in place
              <Group key={index} align="flex-start" wrap="nowrap">
                <Select
                  label={t('common.fields.type')}
                  data={conditionOptions}
                  disabled={!editable}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`recurringConditions.${index}.type`)}
                  value={conditions[index]?.type || null}
                  onChange={(value) =>
                    form.setFieldValue(
                      `recurringConditions.${index}.type`,
                      (value ?? '') as TaskFormValues['recurringConditions'][number]['type'],
                    )
                  }
                />
                <NumberInput
                  label={t('common.fields.threshold')}
                  min={1}
                  allowNegative={false}
                  disabled={!editable}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`recurringConditions.${index}.threshold`)}
                />
                {editable ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={t('tasks.dialog.removeCondition')}
                    onClick={() => form.removeListItem('recurringConditions', index)}
                  >
                    ×
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            {form.errors.recurringConditions ? (
              <Text size="xs" c="red">
                {form.errors.recurringConditions}
              </Text>
            ) : null}
            {editable && conditions.length < CONDITION_TYPES.length ? (
              <Group>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => form.insertListItem('recurringConditions', { type: '', threshold: '' })}
                >
                  {t('tasks.dialog.addCondition')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
        {canInternal ? (
          <Switch
            label={t('tasks.dialog.isInternal')}
            disabled={!editable}
            {...form.getInputProps('isInternal', { type: 'checkbox' })}
          />
        ) : null}
        {editable ? (
          <MultiSelect
            label={t('tasks.table.assignees')}
            data={userOptions}
            searchable
            clearable
            disabled={candidates.isPending}
            {...form.getInputProps('assignedUserIds')}
            error={form.errors.assignedUserIds ?? (candidates.isError ? t('tasks.dialog.assigneesUnavailable') : null)}
          />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('tasks.table.assignees')}
            </Text>
            <Text size="sm">
              {stored?.assignedUsers.map((user) => user.name).join(', ') || t('tasks.dialog.noAssignees')}
            </Text>
          </Stack>
        )}
        <Group grow align="flex-start">
          <Select
            label={t('tasks.dialog.component')}
            clearable
            data={TASK_COMPONENTS.map((component) => ({ value: component, label: t(`tasks.components.${component}`) }))}
            disabled={!editable}
            {...form.getInputProps('component')}
            value={values.component || null}
            onChange={(value) => form.setFieldValue('component', (value ?? '') as TaskFormValues['component'])}
          />
          <Select
            label={t('tasks.dialog.inspectionType')}
            clearable
            data={[...INSPECTION_TYPES]}
            disabled={!editable}
            {...form.getInputProps('inspectionType')}
            value={values.inspectionType || null}
            onChange={(value) =>
              form.setFieldValue('inspectionType', (value ?? '') as TaskFormValues['inspectionType'])
            }
          />
        </Group>
        {editable ? (
          <LimitedTextarea
            label={t('tasks.dialog.note')}
            description={t('tasks.dialog.noteHint')}
            autosize
            minRows={2}
            maxRows={8}
            limit={TASK_TEXT_MAX}
            {...form.getInputProps('note')}
          />
        ) : null}
        {failure ? <Alert color="red">{failure}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {editable ? t('common.actions.cancel') : t('common.actions.close')}
          </Button>
          {editable ? (
            <Button type="submit" loading={save.isPending}>
              {t('common.actions.save')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
