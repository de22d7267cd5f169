import { Badge, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TaskView } from '@rope/domain/tasks/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable } from '../../../components/data-table';
import { PastDueBadge, TaskStatusBadge, WHOLE_BADGE } from '../../../components/status-badge';
import { usePageParam } from '../../../components/use-page-param';
import { useFormat } from '../../../lib/format';
import { TASK_TABLE_MAX_HEIGHT, taskStatusKey } from '../task-display';

export const TASK_PAGE_SIZE = 10;

interface TasksTableProps {
  tasks: readonly TaskView[];
  loading: boolean;
  /** By task id: the changes on this device not yet on the server. */
  queuedChanges: ReadonlyMap<number, unknown>;
  editable: boolean;
  emptyText: string;
  onOpen: (task: TaskView) => void;
  onNotes: (task: TaskView) => void;
  onDelete: (task: TaskView) => void;
}

/** The rope's tasks: title, status, due, assignees, a past-due warning; at most 400 px high, then it scrolls. */
export function TasksTable({
  tasks,
  loading,
  queuedChanges,
  editable,
  emptyText,
  onOpen,
  onNotes,
  onDelete,
}: TasksTableProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = usePageParam('tasksPage');
  const columns = useMemo<ColumnDef<TaskView>[]>(
    () => [
      {
        id: 'title',
        header: t('common.fields.title'),
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} lineClamp={2}>
              {row.original.attributes.title}
            </Text>
            {row.original.attributes.isInternal ? (
              <Badge {...WHOLE_BADGE} size="xs" variant="light" color="grape">
                {t('tasks.table.internal')}
              </Badge>
            ) : null}
            {queuedChanges.has(row.original.id) ? (
              <Badge {...WHOLE_BADGE} size="xs" variant="light" color="yellow" data-testid="task-not-synced">
                {t('field.outbox.taskPending')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'status',
        header: t('common.fields.status'),
        cell: ({ row }) => (
          <TaskStatusBadge status={row.original.attributes.status}>
            {t(taskStatusKey(row.original.attributes.status))}
          </TaskStatusBadge>
        ),
      },
      {
        id: 'due',
        header: t('tasks.table.due'),
        cell: ({ row }) => {
          const { dueAt, dueCondition } = row.original.attributes;
          return (
            <Stack gap={2}>
              {dueAt ? <Text size="sm">{fmt.date(dueAt)}</Text> : null}
              {dueCondition ? (
                <Text size="sm">{t('tasks.table.dueCycles', { threshold: fmt.integer(dueCondition.threshold) })}</Text>
              ) : null}
              {row.original.pastDue ? <PastDueBadge>{t('tasks.table.pastDue')}</PastDueBadge> : null}
              {!dueAt && !dueCondition && !row.original.pastDue ? <Text c="dimmed">–</Text> : null}
            </Stack>
          );
        },
      },
      {
        id: 'assignees',
        header: t('tasks.table.assignees'),
        cell: ({ row }) => (
          <Text size="sm">{row.original.assignedUsers.map((user) => user.name).join(', ') || '–'}</Text>
        ),
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>{t('common.fields.actions')}</VisuallyHidden>,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap" justify="flex-end" onClick={(event) => event.stopPropagation()}>
            <Button size="compact-sm" variant="subtle" onClick={() => onNotes(row.original)}>
              {t('tasks.table.notes')}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => onOpen(row.original)}>
              {editable ? t('common.actions.edit') : t('common.actions.show')}
            </Button>
            {editable ? (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(row.original)}>
                {t('common.actions.delete')}
              </Button>
            ) : null}
          </Group>
        ),
      },
    ],
    [t, fmt, queuedChanges, editable, onOpen, onNotes, onDelete],
  );
  return (
    // Scrolls down only: the table's width follows the page, so its rows stack on narrow screens.
    <Box mah={TASK_TABLE_MAX_HEIGHT} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
      <DataTable
        data={tasks}
        columns={columns}
        emptyText={emptyText}
        loading={loading}
        label={t('tasks.section.label')}
        getRowId={(task) => String(task.id)}
        onRowClick={onOpen}
        minWidth={640}
        paging={{ page, pageSize: TASK_PAGE_SIZE, onPageChange: setPage, label: t('tasks.table.pager') }}
      />
    </Box>
  );
}
