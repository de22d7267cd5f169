import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RopeView } from '@rope/domain/hierarchy/views';
import type { TaskView } from '@rope/domain/tasks/views';
import { lazy, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { OpenedOnce } from '../../../components/opened-once';
import { failureText } from '../../../lib/failure-text';
import { useOutbox } from '../../../lib/outbox-context';
import { useCan, useSessionUser } from '../../../lib/session/session';
import { DataAge, queuedTaskFields } from '../../field';
import { useDeleteTask, useRopeTasks } from '../api';
import { withQueuedFields } from '../offline-task-change';
import { visibleTasks } from '../task-display';
import { ExportTasksButton } from './export-tasks-button';
import type { TaskDialogTarget } from './task-dialog';
import { TasksTable } from './tasks-table';
import { UploadTasksButton } from './upload-tasks-button';

const TaskDialog = lazy(() => import('./task-dialog').then((module) => ({ default: module.TaskDialog })));
const TaskNotesDialog = lazy(() =>
  import('./task-notes-dialog').then((module) => ({ default: module.TaskNotesDialog })),
);

interface RopeTasksSectionProps {
  rope: RopeView;
  /** Archived, a read-only session or no write permission: no add task, tasks are shown rather than edited. */
  readOnly: boolean;
}

/** The rope page's tasks: the table, adding, editing, deleting, the CSV upload and export. */
export function RopeTasksSection({ rope, readOnly }: RopeTasksSectionProps) {
  const { t } = useTranslation();
  const canWrite = useCan('DOMAIN_WRITE');
  const live = Boolean(useSessionUser()?.isLive);
  const editable = !readOnly && canWrite && !rope.isDeleted;
  const [showFinished, setShowFinished] = useState(false);
  const [dialog, setDialog] = useState<TaskDialogTarget | null>(null);
  const [notesId, setNotesId] = useState<number | null>(null);
  const tasks = useRopeTasks(rope.id);
  const remove = useDeleteTask();
  const { entries } = useOutbox();
  const queued = useMemo(() => queuedTaskFields(entries, rope.id), [entries, rope.id]);
  const shown = visibleTasks(withQueuedFields(tasks.data ?? [], queued), showFinished);

  const onOpen = useCallback((task: TaskView) => setDialog({ mode: editable ? 'edit' : 'view', task }), [editable]);
  const onNotes = useCallback((task: TaskView) => setNotesId(task.id), []);
  const onDelete = useCallback(
    (task: TaskView) =>
      confirmDelete({
        title: t('tasks.delete.title'),
        message: t('tasks.delete.confirm'),
        confirmLabel: t('common.actions.delete'),
        cancelLabel: t('common.actions.cancel'),
        onConfirm: () =>
          remove.mutate(task.id, {
            onSuccess: () => notifications.show({ color: 'green', message: t('tasks.delete.done') }),
            onError: (error) =>
              notifications.show({ color: 'red', message: failureText(t, error, t('tasks.delete.failed')) }),
          }),
      }),
    [t, remove.mutate],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('tasks.section.title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Switch
            label={t('tasks.section.showFinished')}
            checked={showFinished}
            onChange={(event) => setShowFinished(event.currentTarget.checked)}
          />
          <ExportTasksButton path={`/ropes/${rope.id}/tasks/export`} showFinished={showFinished} />
          {editable ? <UploadTasksButton ropeId={rope.id} /> : null}
          {editable ? <Button onClick={() => setDialog({ mode: 'new' })}>{t('tasks.section.add')}</Button> : null}
        </Group>
      </Group>
      <DataAge fetchedAt={tasks.dataUpdatedAt} testId="section-age" />
      {rope.isDeleted || (readOnly && canWrite && !live) ? (
        <Text size="sm" c="dimmed">
          {t('tasks.section.archived')}
        </Text>
      ) : null}
      {tasks.isError ? <Alert color="red">{t('tasks.section.loadError')}</Alert> : null}
      <TasksTable
        tasks={shown}
        loading={tasks.isPending}
        queuedChanges={queued}
        editable={editable}
        emptyText={showFinished ? t('tasks.section.emptyAll') : t('tasks.section.empty')}
        onOpen={onOpen}
        onNotes={onNotes}
        onDelete={onDelete}
      />
      <OpenedOnce open={dialog !== null}>
        <TaskDialog rope={rope} target={dialog} onClose={() => setDialog(null)} />
      </OpenedOnce>
      <OpenedOnce open={notesId !== null}>
        <TaskNotesDialog taskId={notesId} onClose={() => setNotesId(null)} />
      </OpenedOnce>
    </Stack>
  );
}
