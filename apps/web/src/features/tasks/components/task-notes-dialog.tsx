import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogDialog } from '../../../components/log-dialog';
import { useFormat } from '../../../lib/format';
import { useTaskNotes } from '../api';

/** The task's notes, oldest first: timestamp, user, note. */
export function TaskNotesDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const notes = useTaskNotes(taskId);
  return (
    <LogDialog
      opened={taskId !== null}
      onClose={onClose}
      title={t('tasks.notes.title')}
      loading={notes.isPending && taskId !== null}
      loadError={notes.isError ? t('tasks.notes.loadError') : null}
      count={notes.data?.length}
      columns={[t('common.fields.timestamp'), t('common.fields.user'), t('tasks.notes.note')]}
      minWidth={480}
      table={{ verticalSpacing: 'xs' }}
    >
      {notes.data?.map((note, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and never reorder
        <Table.Tr key={index}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(note.timestamp)}</Table.Td>
          <Table.Td>{note.user.name}</Table.Td>
          <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{note.note}</Table.Td>
        </Table.Tr>
      ))}
    </LogDialog>
  );
}
