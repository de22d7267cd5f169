import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RopeView } from '@rope/domain/hierarchy/views';
import type { TaskView } from '@rope/domain/tasks/views';
import { useTranslation } from 'react-i18next';
import { TaskEditor } from './task-editor';

/** What the task dialog shows: a new task, or a stored one to edit or show. */
export type TaskDialogTarget = { mode: 'new' } | { mode: 'edit' | 'view'; task: TaskView };

interface TaskDialogProps {
  rope: RopeView;
  target: TaskDialogTarget | null;
  onClose: () => void;
}

function titleKey(target: TaskDialogTarget | null) {
  if (target?.mode === 'edit') return 'tasks.dialog.titleEdit' as const;
  if (target?.mode === 'view') return 'tasks.dialog.titleView' as const;
  return 'tasks.dialog.titleNew' as const;
}

/** Add / edit / show dialog of a task. */
export function TaskDialog({ rope, target, onClose }: TaskDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const key = target?.mode === 'new' ? 'new' : target ? `${target.mode}-${target.task.id}` : 'none';
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(titleKey(target))}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {target ? <TaskEditor key={key} rope={rope} target={target} onDone={onClose} /> : null}
    </Modal>
  );
}
