import { Alert, Center, Loader, Modal, Table, type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LogDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, also the table's name. */
  title: string;
  loading: boolean;
  loadingLabel?: string;
  /** Shown when the entries could not be loaded. */
  loadError: string | null;
  /** How many entries the answer holds; undefined until it arrives. */
  count: number | undefined;
  columns: string[];
  minWidth: number;
  table?: Omit<TableProps, 'children'>;
  /** The table's rows. */
  children: ReactNode;
}

/** A dialog that lists what happened to one thing, one row an entry (an event's history, a task's notes). */
export function LogDialog({
  opened,
  onClose,
  title,
  loading,
  loadingLabel,
  loadError,
  count,
  columns,
  minWidth,
  table,
  children,
}: LogDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {loading ? (
        <Center py="md">
          <Loader size="sm" aria-label={loadingLabel} />
        </Center>
      ) : null}
      {loadError !== null ? <Alert color="red">{loadError}</Alert> : null}
      {count === 0 ? <Text c="dimmed">{t('common.noEntries')}</Text> : null}
      {count ? (
        <Table.ScrollContainer
          minWidth={minWidth}
          // A table wider than a phone scrolls sideways: by keyboard too, so its region takes the focus.
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': title } }}
        >
          <Table {...table} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Modal>
  );
}
