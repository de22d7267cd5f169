import { Badge, Table } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LogDialog } from '../../../components/log-dialog';
import { useFormat } from '../../../lib/format';
import { useOutbox } from '../../../lib/outbox-context';
import { useSessionUser } from '../../../lib/session/session';
import { queuedTaskNotes } from '../../field';
import { useTaskNotes } from '../api';

/**
 * The task's notes, oldest first: timestamp, user, note. Notes written on this device and not yet synced follow,
 * marked as such; without a signal the server's notes are those the device kept for the field.
 */
export function TaskNotesDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const notes = useTaskNotes(taskId);
  const { entries } = useOutbox();
  const user = useSessionUser();
  const queued = useMemo(() => (taskId === null ? [] : queuedTaskNotes(entries, taskId)), [entries, taskId]);
  const count = notes.data === undefined && queued.length === 0 ? undefined : (notes.data?.length ?? 0) + queued.length;
  return (
    <LogDialog
      opened={taskId !== null}
      onClose={onClose}
      title={t('tasks.notes.title')}
      loading={notes.isPending && notes.fetchStatus === 'fetching' && taskId !== null}
      loadError={notes.isError ? t('tasks.notes.loadError') : null}
      count={count}
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
      {queued.map((note) => (
        <Table.Tr key={`queued-${note.createdAt}`} data-queued-note>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(note.createdAt)}</Table.Td>
          <Table.Td>{user?.name}</Table.Td>
          <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
            {note.note}{' '}
            <Badge size="sm" variant="light" color="orange">
              {t('tasks.notes.notSynced')}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </LogDialog>
  );
}
