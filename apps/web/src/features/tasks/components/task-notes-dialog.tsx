import { Alert, Center, Loader, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useTaskNotes } from '../api';

/** The task's notes, oldest first: timestamp, user, note. */
export function TaskNotesDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const notes = useTaskNotes(taskId);
  return (
    <Modal
      opened={taskId !== null}
      onClose={onClose}
      title={t('tasks.notes.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {notes.isPending && taskId !== null ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : null}
      {notes.isError ? <Alert color="red">{t('tasks.notes.loadError')}</Alert> : null}
      {notes.data && notes.data.length === 0 ? <Text c="dimmed">{t('common.noEntries')}</Text> : null}
      {notes.data && notes.data.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t('tasks.notes.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.fields.timestamp')}</Table.Th>
                <Table.Th>{t('common.fields.user')}</Table.Th>
                <Table.Th>{t('tasks.notes.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notes.data.map((note, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and never reorder
                <Table.Tr key={index}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(note.timestamp)}</Table.Td>
                  <Table.Td>{note.user.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{note.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Modal>
  );
}
